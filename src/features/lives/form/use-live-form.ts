import type { UiSchema } from "@rjsf/utils";
import { useEffect, useMemo, useState } from "react";
import { authApi } from "../../../../resources/auth/auth";
import { liveApi, type EmulateTemplateRecord, type LiveRecord } from "../../../../resources/lives/live-api";
import { groupConfigDefaults, liveConfigKeys, parseGroupConfig, type GroupConfig } from "../../../../resources/lives/live-config";
import { errorText, request } from "../../../../providers/http";
import { loadForm, type FormDefinition } from "../../../engine/form-schemas";
import type { FormValues } from "../../../engine/form-values";
import { useCall } from "../../../lib/use-call";
import { shownConfig } from "./config-widget";

export type LiveFormMode = "create" | "edit";

/** What the address gives the form: /createLive?courseId&courseType, /changeLive?liveId&courseType&courseId. */
export interface LiveFormPlace {
  mode: LiveFormMode;
  courseId: number;
  courseType: number;
  liveId: number;
}

/** Only a large class's new live may be simulated (2 §4). */
const SIMULATED_COURSE_TYPE = 1;

export type LiveFormState =
  | { status: "loading" }
  | { status: "failed"; title: string; message: string; retry: () => void }
  | { status: "ready"; definition: FormDefinition; initialData: FormValues; record?: LiveRecord; group: GroupConfig };

/** The group's defaults as a new live starts with them. */
const groupValues = (group: GroupConfig) => JSON.stringify(Object.fromEntries(liveConfigKeys.map((key) => [key, group[key]])));

const withOptions = (ui: UiSchema | undefined, options: Record<string, object | boolean | number>, extra: UiSchema = {}): UiSchema => ({
  ...ui,
  ...extra,
  "ui:options": { ...(ui?.["ui:options"] as object | undefined), ...options },
});

/** The form's presentation for this live: what the group, the templates and the live's clock allow. */
function presented(definition: FormDefinition, place: LiveFormPlace, group: GroupConfig, offerTemplates: boolean, record?: LiveRecord): FormDefinition {
  const ui = definition.uiSchema;
  // A start already past stays as it is (2 §4), and without it the shortcuts have nothing to add to.
  const started = !!record && Date.parse(record.BeginTime.replace(" ", "T")) <= Date.now();
  const uiSchema: UiSchema = {
    ...ui,
    config: withOptions(ui.config as UiSchema, { group }),
    begintime: withOptions(ui.begintime as UiSchema, {}, started ? { "ui:readonly": true } : {}),
    endtime: withOptions(ui.endtime as UiSchema, { shortcuts: !started }),
    // The schedule-conflict warning sits under the staff, leaving out the live being changed.
    assistants: withOptions(ui.assistants as UiSchema, { conflicts: true, liveId: place.liveId }),
  };
  if (place.mode === "create" && !offerTemplates) uiSchema.emulateid = { "ui:widget": "hidden" };
  if (record && record.MasterId > 0) uiSchema.subClassName = { "ui:placeholder": "请输入班级名称" };
  return { ...definition, uiSchema };
}

function initialValues(place: LiveFormPlace, group: GroupConfig, record?: LiveRecord): FormValues {
  if (place.mode === "create")
    return { courseid: place.courseId, teachers: "[]", assistants: "[]", emulateid: 0, masterid: 0, detail: "", config: groupValues(group) };
  return {
    id: record!.Id,
    title: record!.Title,
    begintime: record!.BeginTime,
    endtime: record!.EndTime,
    teachers: record!.Teachers || "[]",
    assistants: record!.Assistants || "[]",
    detail: record!.Detail ?? "",
    subClassName: record!.SubClassName ?? "",
    config: JSON.stringify(shownConfig(record!.Config, group)),
    initnum: -1,
  };
}

/**
 * Everything the live form needs before it is drawn: its schema files, the group config (its
 * defaults and which settings are free; a failure falls back to the defaults, 3 §8), whether any
 * simulated-live template exists (large classes, on adding), and on a change the live itself.
 */
export function useLiveForm(place: LiveFormPlace): LiveFormState {
  const [definition, setDefinition] = useState<FormDefinition | null>(null);
  const [formFailure, setFormFailure] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const askTemplates = place.mode === "create" && place.courseType === SIMULATED_COURSE_TYPE;
  const group = useCall<{ config: string }>(liveApi.groupConfig);
  const templates = useCall<EmulateTemplateRecord[]>(liveApi.templates, { page: 1, count: 1 }, { enabled: askTemplates });
  const live = useCall<LiveRecord>(liveApi.info, { liveid: place.liveId }, { enabled: place.mode === "edit" });

  useEffect(() => {
    let current = true;
    setFormFailure(null);
    // The interaction check the console makes before a create or modify page (2 §7); its answer is unused.
    Promise.all([loadForm(place.mode === "create" ? "live.create" : "live.edit"), request(authApi.interCheck).catch(() => undefined)])
      .then(([loaded]) => current && setDefinition(loaded))
      .catch((error: unknown) => current && setFormFailure(errorText(error)));
    return () => {
      current = false;
    };
  }, [place.mode, attempt]);

  const groupConfig = useMemo(() => (group.answer ? parseGroupConfig(group.answer.data.config) : group.error ? groupConfigDefaults : null), [group.answer, group.error]);
  const record = live.answer?.data;
  const templatesKnown = !askTemplates || !!templates.answer || !!templates.error;
  const offerTemplates = askTemplates && (templates.answer?.count ?? 0) > 0;

  // Built once per loaded piece: the form is uncontrolled, and new initial values would refill it.
  const ready = useMemo(() => {
    if (!definition || !groupConfig || !templatesKnown || (place.mode === "edit" && !record)) return null;
    return {
      status: "ready" as const,
      definition: presented(definition, place, groupConfig, offerTemplates, record),
      initialData: initialValues(place, groupConfig, record),
      record,
      group: groupConfig,
    };
  }, [definition, groupConfig, templatesKnown, place, record, offerTemplates]);

  if (formFailure) return { status: "failed", title: "表单加载失败", message: formFailure, retry: () => setAttempt((n) => n + 1) };
  if (place.mode === "edit" && live.error) return { status: "failed", title: "直播信息加载失败", message: errorText(live.error), retry: live.retry };
  return ready ?? { status: "loading" };
}
