import { useInvalidate } from "@refinedev/core";
import { Modal } from "antd";
import { useCallback } from "react";
import { liveApi, liveImportNotes } from "../../../../resources/lives/live-api";
import { call, errorText } from "../../../../providers/http";
import { EnrolPanel, courseEnrol, mobileProblem, type EnrolRow } from "../../courses";
import type { RowOutcome } from "../../../lib/import-run/use-import-run";
import livePicker from "../../../../resources/lives/student-picker";
import student from "../../../../resources/users/student";
import { useShownOwner } from "../../../engine/use-shown-owner";

/** What a 批量导入 of a live changes: its panes, the lists an add touches, and the students it may create. */
const liveImportTouches: readonly string[] = [livePicker.name, ...(livePicker.panes[0].touches ?? []), student.name];

/** A live the import adds students to, and its course (the row's call names both, 2 §7). */
export interface LiveRef {
  id: number;
  title: string;
  courseId: number;
}

const template = { ...courseEnrol.template, fileName: "直播学员导入模板.xlsx" };
const notes = [liveImportNotes.added, liveImportNotes.created];

/**
 * Adds the row's student to the live (and its course) by mobile, with the row's name for a student
 * the organisation does not have yet (2 §7); the row says 新建学员 when the server made one, else
 * 已添加. A mobile the schema refuses is not sent; a refusal shows the server's own message as the
 * row's result (2 §8).
 */
export async function sendLiveRow(live: LiveRef, row: EnrolRow): Promise<RowOutcome> {
  const problem = mobileProblem(row);
  if (problem) return { ok: false, message: problem };
  try {
    const name = row.name.trim();
    const added = await call<{ Created?: boolean } | null>(liveApi.addStudentByMobile, { liveid: live.id, courseid: live.courseId, mobile: row.mobile, ...(name ? { name } : {}) });
    return { ok: true, note: added?.Created ? liveImportNotes.created : liveImportNotes.added };
  } catch (error) {
    return { ok: false, message: errorText(error) };
  }
}

export interface LiveEnrolDialogProps {
  live: LiveRef | null;
  onClose: () => void;
  /** Data rows to start with, as read from a sheet (stories). */
  initialRows?: string[][];
}

/**
 * 批量导入 of a live's students by mobile (2 §2, §5): open while `live` is set; closing drops the run.
 * A run that added students invalidates the lists showing them (the live's 学员人数 among them).
 */
export function LiveEnrolDialog({ live, onClose, initialRows }: LiveEnrolDialogProps) {
  const shown = useShownOwner(live);
  const send = useCallback((row: EnrolRow) => sendLiveRow(shown!, row), [shown]);
  const invalidate = useInvalidate();
  // Once a run is over, not per row: a 500-row import would reload the list 500 times.
  const onImported = useCallback(() => liveImportTouches.forEach((resource) => void invalidate({ resource, invalidates: ["list"] })), [invalidate]);
  return (
    <Modal title={`批量导入 - ${shown?.title ?? ""}`} open={live !== null} onCancel={onClose} footer={null} width={760} maskClosable={false} destroyOnHidden>
      {shown && <EnrolPanel key={shown.id} send={send} template={template} open={live !== null} onClose={onClose} initialRows={initialRows} onImported={onImported} notes={notes} />}
    </Modal>
  );
}
