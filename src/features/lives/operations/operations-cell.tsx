import { DownOutlined } from "../../../components/icons";
import { Button, Dropdown } from "antd";
import { useCallback, type ReactNode } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { liveOperations, type LiveOperationDecl } from "../../../../resources/lives/live";
import type { LiveRecord } from "../../../../resources/lives/live-api";
import { fillRoute } from "../../../engine/cells";
import { isShown } from "./visible-operations";

/** What an operation without a route does, by its name in resources/lives/live.ts (a dialog, a confirmation). */
export type OperationHandlers = Record<string, (live: LiveRecord) => void>;

export interface OperationOptions {
  handlers: OperationHandlers;
  /** The extended permissions the admin holds. */
  held: ReadonlySet<string>;
  /** Which operations, in order: a live list's by default, a sub-class list's three. */
  operations?: readonly LiveOperationDecl[];
}

/**
 * The operations of an active live (2 §2) as a row's buttons, in the declaration's order: the
 * inline ones as links, the rest in 更多. An operation opens its route (the list's own address as
 * `{back}`) or runs its handler; one with neither is not drawn, so a screen still to come shows
 * nothing dead. Answers a list of elements, so the actions cell lays them out with the engine's own
 * (变更记录) on the same lines.
 */
export function useOperationButtons({ handlers, held, operations = liveOperations }: OperationOptions) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const back = pathname + search;
  return useCallback(
    (live: LiveRecord): ReactNode[] => {
      const usable = operations.filter((operation) => (operation.route || handlers[operation.name]) && isShown(operation, live, held));
      const run = (operation: LiveOperationDecl) => {
        if (operation.route) navigate(fillRoute(operation.route, { ...live, back } as unknown as Record<string, unknown>));
        else handlers[operation.name](live);
      };
      const buttons: ReactNode[] = usable
        .filter((operation) => operation.inline)
        .map((operation) => (
          <Button key={operation.name} type="link" size="small" danger={operation.name === "void"} onClick={() => run(operation)}>
            {operation.label}
          </Button>
        ));
      const more = usable.filter((operation) => !operation.inline);
      if (more.length > 0)
        buttons.push(
          <Dropdown
            key="more"
            trigger={["click"]}
            menu={{ items: more.map((operation) => ({ key: operation.name, label: operation.label })), onClick: ({ key }) => run(more.find((operation) => operation.name === key)!) }}
          >
            <Button type="link" size="small" aria-label={`${live.Title}的更多操作`}>
              更多 <DownOutlined />
            </Button>
          </Dropdown>,
        );
      return buttons;
    },
    [operations, handlers, held, navigate, back],
  );
}
