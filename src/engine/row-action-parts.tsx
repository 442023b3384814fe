import type { BaseRecord } from "@refinedev/core";
import { Suspense, useCallback, useState, type ComponentType, type ReactNode } from "react";
import type { ResourceDecl } from "../../resources/kernel/define";
import { useEngineRegistry } from "./registry";

/** What a registered row action's dialog is given: the row it was opened on (null once closed, so it can animate out). */
export interface RowDialogProps {
  row: BaseRecord | null;
  onClose: () => void;
}

/**
 * A row action an area lends the engine by name (a course's 学员管理): the button's label and the
 * dialog it opens for the row, a resource's screen inside another's (lazy ones load when first opened).
 */
export interface RowActionPart {
  label: string;
  dialog: ComponentType<RowDialogProps>;
}

/**
 * The dialogs of a list's registered row actions: `open` shows one for a row; each is mounted from
 * its first opening on (one per action, not one per row) and stays, so it can close with its animation.
 */
export function useRowActionDialogs(decl: ResourceDecl) {
  const { rowActions } = useEngineRegistry();
  const [opened, setOpened] = useState<Record<string, BaseRecord | null>>({});
  const open = useCallback((name: string, row: BaseRecord) => setOpened((before) => ({ ...before, [name]: row })), []);
  const parts = decl.actions.filter((name) => Object.hasOwn(rowActions, name));
  const dialogs: ReactNode = (
    <Suspense fallback={null}>
      {parts
        .filter((name) => name in opened)
        .map((name) => {
          const Dialog = rowActions[name].dialog;
          return <Dialog key={name} row={opened[name]} onClose={() => setOpened((before) => ({ ...before, [name]: null }))} />;
        })}
    </Suspense>
  );
  return { open, dialogs };
}
