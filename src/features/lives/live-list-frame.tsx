import type { BaseRecord } from "@refinedev/core";
import { useMemo, type ReactNode } from "react";
import live from "../../../resources/lives/live";
import type { LiveRecord } from "../../../resources/lives/live-api";
import { ResourceList, type ResourceListProps } from "../../engine/resource-list";
import type { BespokeRowActions } from "../../engine/row-actions";
import { LiveDialogs } from "./live-dialogs";
import { useOperationButtons, type OperationHandlers } from "./operations/operations-cell";
import { useVoidLive } from "./operations/use-void-live";
import { SubLiveSection } from "./sub-lives/sub-live-section";
import { useSubLiveForm } from "./sub-lives/use-sub-live-form";
import { useHeldExtras } from "./use-held-extras";
import { useLiveDialogs } from "./use-live-dialogs";

/** A double-teacher main classroom (2 §2): live type 5 and no main classroom of its own. */
const isMainClassroom = (row: BaseRecord) => Number(row.LiveType) === 5 && Number(row.MasterId) === 0;

export type LiveListFrameProps = Pick<ResourceListProps, "title" | "extra" | "access" | "listCall"> & { children?: ReactNode };

/**
 * A live list (2 §2 /liveop, /liveCourse): the declaration's list (resources/lives/live.ts) with the row
 * operations and their dialogs, and an expanded main classroom's sub-classes. Operations are a map
 * by name (`handlers` below, and the routes of the declaration): another one is an entry there.
 */
export function LiveListFrame({ children, ...list }: LiveListFrameProps) {
  const held = useHeldExtras();
  const dialogs = useLiveDialogs();
  const subForm = useSubLiveForm();
  const [voidLive, voidHolder] = useVoidLive();
  const handlers = useMemo<OperationHandlers>(() => ({ ...dialogs.handlers, void: voidLive }), [dialogs.handlers, voidLive]);
  const subHandlers = useMemo<OperationHandlers>(
    () => ({ students: dialogs.handlers.students, modify: subForm.edit, void: voidLive }),
    [dialogs.handlers.students, subForm.edit, voidLive],
  );
  const buttons = useOperationButtons({ handlers, held });
  const rowActions = useMemo<BespokeRowActions>(() => ({ operations: (row) => buttons(row as LiveRecord) }), [buttons]);
  return (
    <ResourceList
      decl={live}
      rowActions={rowActions}
      expandExtra={(row) => (isMainClassroom(row) ? <SubLiveSection master={row as LiveRecord} handlers={subHandlers} /> : null)}
      {...list}
    >
      {children}
      <LiveDialogs dialogs={dialogs} />
      {subForm.dialog}
      {voidHolder}
    </ResourceList>
  );
}
