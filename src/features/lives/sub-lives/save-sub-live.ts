import { liveApi, liveLimits, type LiveRecord } from "../../../../resources/lives/live-api";
import { call, type Payload } from "../../../../providers/http";
import type { FormValues } from "../../../engine/form-values";
import { readList } from "../../../engine/cells";

/** A sub-class is called after its main classroom and its own name (一班): `主教室标题（一班）`, within 60 characters. */
export function subLiveTitle(masterTitle: string, name: string): string {
  const suffix = `（${name}）`;
  return Array.from(masterTitle).slice(0, liveLimits.titleMax - suffix.length).join("") + suffix;
}

/** JSON text of `[{account, name}]`, as the add and modify calls take a live's teachers and assistants (2 §7). */
const staffText = (text: string) => JSON.stringify(readList(text).map((person) => ({ account: person.account, name: person.name })));

/**
 * The add-live or modify-live call's body for a sub-class form (2 §7): times and name from the form;
 * teachers, assistants, description and settings from the main classroom (read fresh, so a changed
 * main classroom's staff carry over); on a change the audience base stays (`initnum: -1`).
 */
export async function subLiveBody(values: FormValues, courseId: number, edited?: LiveRecord): Promise<Payload> {
  const masterId = edited ? edited.MasterId : (values.masterid as number);
  const master = await call<LiveRecord>(liveApi.info, { liveid: masterId });
  const name = String(values.subClassName).trim();
  const common = {
    title: subLiveTitle(master.Title, name),
    begintime: values.begintime,
    endtime: values.endtime,
    teachers: staffText(master.Teachers),
    assistants: staffText(master.Assistants),
    subClassName: name,
  };
  if (edited) return { id: edited.Id, ...common, config: edited.Config, initnum: -1 };
  return { courseid: courseId, ...common, detail: master.Detail, masterid: master.Id, config: master.Config, emulateid: 0 };
}
