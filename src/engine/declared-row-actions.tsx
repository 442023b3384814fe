import { useDelete, useInvalidate, type BaseRecord } from "@refinedev/core";
import { Button, Dropdown, Modal } from "antd";
import { Suspense, useCallback, useState, type ReactNode } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import type { ResourceDecl } from "../../resources/kernel/define";
import { rowActionShown, type RowActionDecl } from "../../resources/kernel/row-actions";
import { errorText } from "../../providers/http";
import { isQuiet } from "../../providers/notify";
import { DownOutlined } from "../components/icons";
import { fillRoute } from "./fill-route";
import { readField } from "./record-fields";
import { useEngineRegistry } from "./registry";
import { useHeldPermissions } from "./use-held-permissions";

/**
 * A declaration's `rowActions` (resources/kernel/row-actions.ts) as a row's buttons: the ones its
 * rules show, `inline` ones as links and the rest in 更多, each opening its route, asking its
 * confirmation and making its removal, or opening its registered part. An action that can do
 * nothing here (a part no area registered) is not drawn, so a screen still to come shows nothing dead.
 * Answers the renderer (absent without declared actions) and what the table keeps mounted beside it.
 */
export function useDeclaredRowActions(decl: ResourceDecl) {
  const actions = decl.rowActions;
  const held = useHeldPermissions(!!actions?.some((action) => action.permission));
  const { rowParts } = useEngineRegistry();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [modal, holder] = Modal.useModal();
  const { mutateAsync: remove } = useDelete();
  const invalidate = useInvalidate();
  const [opened, setOpened] = useState<{ part: string; row: BaseRecord; open: boolean } | null>(null);
  const back = pathname + search;

  const removal = useCallback(
    async (action: RowActionDecl, row: BaseRecord) => {
      const api = action.removes === true ? decl.api : { remove: action.removes };
      try {
        await remove({
          resource: decl.name,
          id: row[decl.id] as string | number,
          meta: { api },
          successNotification: () => ({ type: "success", message: action.done ?? "删除成功" }),
          errorNotification: (error) => (isQuiet(error) ? false : { type: "error", message: errorText(error) }),
        });
      } catch {
        // Told by the error notification; the lists show what the server holds (2 §8).
        await invalidate({ resource: decl.name, invalidates: ["list"] });
      }
    },
    [decl, remove, invalidate],
  );

  const run = (action: RowActionDecl, row: BaseRecord) => {
    const act = () => {
      if (action.route) navigate(fillRoute(action.route, { ...row, back }));
      else if (action.removes) return removal(action, row);
      else if (action.part) setOpened({ part: action.part, row, open: true });
    };
    if (!action.confirm) return void act();
    void modal.confirm({ title: "提示", content: action.confirm, okText: "确定", cancelText: "取消", okButtonProps: { danger: !!action.danger }, onOk: act });
  };
  const usable = (action: RowActionDecl) => !!action.route || !!action.removes || (!!action.part && !!rowParts[action.part]);

  const render =
    actions &&
    ((row: BaseRecord): ReactNode[] => {
      const shown = actions.filter((action) => usable(action) && rowActionShown(action, row, held));
      const buttons: ReactNode[] = shown
        .filter((action) => action.inline)
        .map((action) => (
          <Button key={action.name} type="link" size="small" danger={action.danger} onClick={() => run(action, row)}>
            {action.label}
          </Button>
        ));
      const more = shown.filter((action) => !action.inline);
      if (more.length > 0)
        buttons.push(
          <Dropdown
            key="more"
            trigger={["click"]}
            menu={{ items: more.map((action) => ({ key: action.name, label: action.label })), onClick: ({ key }) => run(more.find((action) => action.name === key)!, row) }}
          >
            <Button type="link" size="small" aria-label={`${String(readField(row, decl.label) ?? "")}的更多操作`}>
              更多 <DownOutlined />
            </Button>
          </Dropdown>,
        );
      return buttons;
    });

  const Part = opened ? rowParts[opened.part] : undefined;
  const parts = (
    <>
      {holder}
      {opened && Part && (
        <Suspense fallback={null}>
          <Part key={opened.part} row={opened.row} open={opened.open} onClose={() => setOpened((before) => before && { ...before, open: false })} />
        </Suspense>
      )}
    </>
  );
  return { render, parts };
}
