import { Alert } from "antd";
import { useEffect, useState } from "react";
import { liveApi, type LiveConflict } from "../../../../resources/lives/live-api";
import type { FormPanelProps } from "../../../engine/form-page-parts";
import type { FormValues } from "../../../engine/form-values";
import { useCall } from "../../../lib/use-call";
import { pickedStaff } from "./staff-text";

/** How long the form waits after the last change before asking (typing a time changes it often). */
export const conflictDelayMs = 500;

const timePattern = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** The question the form's values ask, or null while they cannot clash with anything. */
export function conflictQuery(values: FormValues, liveId: number): Record<string, string | number> | null {
  const { begintime, endtime, teachers, assistants } = values;
  if (typeof begintime !== "string" || typeof endtime !== "string" || !timePattern.test(begintime) || !timePattern.test(endtime) || endtime <= begintime) return null;
  if (pickedStaff(teachers).length + pickedStaff(assistants).length === 0) return null;
  return { begintime, endtime, teachers: String(teachers ?? "[]"), assistants: String(assistants ?? "[]"), liveid: liveId };
}

/**
 * The schedule-conflict warning (issue 10): once the form names a time and people, the lives those
 * teachers or assistants already have at an overlapping time, asked a moment after the last
 * change. A warning only: saving is never held back, and a failed check says nothing.
 */
export function ConflictAlert({ values, liveId }: { values: FormValues; liveId: number }) {
  const query = conflictQuery(values, liveId);
  const key = query ? JSON.stringify(query) : "";
  const [asked, setAsked] = useState(key);
  useEffect(() => {
    const timer = setTimeout(() => setAsked(key), conflictDelayMs);
    return () => clearTimeout(timer);
  }, [key]);
  const { answer } = useCall<LiveConflict[]>(liveApi.conflicts, asked ? (JSON.parse(asked) as Record<string, unknown>) : undefined, { enabled: !!asked });
  const clashes = asked && asked === key ? (answer?.data ?? []) : [];
  if (clashes.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      role="status"
      style={{ marginTop: 8 }}
      message="排课冲突：所选老师或助教在这段时间已有直播（仍可保存）"
      description={
        <ul style={{ margin: 0, paddingLeft: 20 }}>
          {clashes.map((clash) => (
            <li key={clash.Id}>
              「{clash.Title}」 {clash.BeginTime} ~ {clash.EndTime}（{clash.Who}）
            </li>
          ))}
        </ul>
      }
    />
  );
}

/** The panel `liveConflicts` under the live form's time and people, leaving out the live being changed. */
export const ConflictPanel = ({ values, params }: FormPanelProps) => <ConflictAlert values={values} liveId={params.liveId ?? 0} />;
