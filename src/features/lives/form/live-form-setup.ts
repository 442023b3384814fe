import type { UiSchema } from "@rjsf/utils";
import { useMemo } from "react";
import { liveApi, type EmulateTemplateRecord, type LiveRecord } from "../../../../resources/lives/live-api";
import { groupConfigDefaults, liveConfigKeys, parseGroupConfig, type GroupConfig } from "../../../../resources/lives/live-config";
import { liveSetting } from "../../../../resources/lives/live-setting";
import { recordedCourseType, recordedSessionSpanMs } from "../../../../resources/vod/vod-course";
import type { FormSetup, FormSetupInput, FormSetupState } from "../../../engine/form-page-parts";
import type { FormDefinition } from "../../../engine/form-schemas";
import type { FormValues } from "../../../engine/form-values";
import { useCall } from "../../../lib/use-call";
import { shownConfig } from "./config-widget";

/** Only a large class's new live may be simulated (2 §4). */
const SIMULATED_COURSE_TYPE = 1;

/** The group's defaults as a new live starts with them. */
const groupValues = (group: GroupConfig) => JSON.stringify(Object.fromEntries(liveConfigKeys.map((key) => [key, group[key]])));

const withOptions = (ui: UiSchema | undefined, options: Record<string, object | boolean | number>, extra: UiSchema = {}): UiSchema => ({
  ...ui,
  ...extra,
  "ui:options": { ...(ui?.["ui:options"] as object | undefined), ...options },
});

/** The form's presentation for this live: what the group, the templates and the live's clock allow. */
function presented(definition: FormDefinition, create: boolean, group: GroupConfig, offerTemplates: boolean, recorded: boolean, record?: LiveRecord): FormDefinition {
  const ui = definition.uiSchema;
  // A start already past stays as it is (2 §4), and without it the shortcuts have nothing to add to.
  const started = !!record && Date.parse(record.BeginTime.replace(" ", "T")) <= Date.now();
  const uiSchema: UiSchema = {
    ...ui,
    config: withOptions(ui.config as UiSchema, { group }),
    begintime: withOptions(ui.begintime as UiSchema, {}, started ? { "ui:readonly": true } : {}),
    // A recorded session ends a minute after it begins (3 §5): its end follows the start, without shortcuts.
    endtime: withOptions(ui.endtime as UiSchema, recorded ? { shortcuts: false, followBeginMs: recordedSessionSpanMs } : { shortcuts: !started }),
  };
  if (create && !offerTemplates) uiSchema.emulateid = { "ui:widget": "hidden" };
  if (record && record.MasterId > 0) uiSchema.subClassName = { "ui:placeholder": "请输入班级名称" };
  return { ...definition, uiSchema };
}

function initialValues(params: FormSetupInput["params"], group: GroupConfig, record?: LiveRecord): FormValues {
  if (!record) return { courseid: params.courseId, teachers: "[]", assistants: "[]", emulateid: 0, masterid: 0, detail: "", clouddiskfiles: "[]", config: groupValues(group) };
  return {
    id: record.Id,
    title: record.Title,
    begintime: record.BeginTime,
    endtime: record.EndTime,
    teachers: record.Teachers || "[]",
    assistants: record.Assistants || "[]",
    detail: record.Detail ?? "",
    clouddiskfiles: record.CloudDiskFiles || "[]",
    subClassName: record.SubClassName ?? "",
    config: JSON.stringify(shownConfig(record.Config, group)),
    initnum: -1,
  };
}

/**
 * The setup `liveForm` of /createLive and /changeLive (resources/lives/forms.ts): the group config
 * (its defaults and which settings are free; a failure falls back to the defaults, 3 §8), whether
 * any simulated-live template exists (large classes, on adding), and the live's clock.
 */
export const useLiveFormSetup: FormSetup = ({ kind, params, record, definition }): FormSetupState => {
  const create = kind === "create";
  const askTemplates = create && params.courseType === SIMULATED_COURSE_TYPE;
  const group = useCall<{ config: string }>(liveSetting.api.get);
  const templates = useCall<EmulateTemplateRecord[]>(liveApi.templates, { page: 1, count: 1 }, { enabled: askTemplates });
  const groupConfig = useMemo(() => (group.answer ? parseGroupConfig(group.answer.data.config) : group.error ? groupConfigDefaults : null), [group.answer, group.error]);
  const templatesKnown = !askTemplates || !!templates.answer || !!templates.error;
  const offerTemplates = askTemplates && (templates.answer?.count ?? 0) > 0;
  const live = record as LiveRecord | undefined;
  // Built once per loaded piece: the form is uncontrolled, and new initial values would refill it.
  return useMemo(() => {
    if (!groupConfig || !templatesKnown) return { status: "loading" };
    return { status: "ready", definition: presented(definition, create, groupConfig, offerTemplates, Number(params.courseType ?? live?.CourseType) === recordedCourseType, live), initialData: initialValues(params, groupConfig, live) };
  }, [definition, create, groupConfig, templatesKnown, offerTemplates, live, params]);
};

/** The group config as JSON text in the server's key order, so two texts of the same settings compare equal. */
export const normalisedGroupConfig = (text: unknown) => JSON.stringify(parseGroupConfig(typeof text === "string" ? text : ""));

/** The setup `groupConfig` of /liveSetting: the stored text, normalised, so 确定 compares settings and not spelling. */
export const useGroupConfigSetup: FormSetup = ({ definition, record }) =>
  useMemo(() => ({ status: "ready", definition, initialData: { config: normalisedGroupConfig(record?.config) } }), [definition, record]);
