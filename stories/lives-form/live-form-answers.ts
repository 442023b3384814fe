/**
 * The server's answers the live form's stories and client tests are built from (mock routes of
 * stories/mock-api.ts): the school's teachers and assistants, the group config, simulated-live
 * templates, a live to change, schedule conflicts, the add and modify calls and a push address.
 */
import { assistant, teacher } from "../../resources";
import { liveApi, type EmulateTemplateRecord, type LiveConflict, type LiveRecord } from "../../resources/lives/live-api";
import { groupConfigDefaults, type GroupConfig } from "../../resources/lives/live-config";
import { pushApi } from "../../resources/rooms/room-api";
import type { PersonRow } from "../../resources/users/person";
import { engineSession } from "../engine/engine-answers";
import { failEnvelope, okEnvelope, type MockRoutes } from "../mock-api";

const names = ["李老师", "王伟", "李丽超", "张杰辉", "刘芳", "陈静", "杨洋", "赵磊"];
const assistantNames = ["王助教", "马娟", "朱平萍", "胡萍雨"];

const person = (id: number, name: string, mobile: string): PersonRow => ({ Id: id, Name: name, Mobile: mobile, Nick: name, UpdateTime: "2026-11-01 09:00:00", UserOp: "[]" });
export const sampleTeachers: PersonRow[] = names.map((name, i) => person(2 + i, name, `1380000${String(1001 + i)}`));
export const sampleAssistants: PersonRow[] = assistantNames.map((name, i) => person(40 + i, name, `1380000${String(2001 + i)}`));

const staffText = (people: PersonRow[]) => JSON.stringify(people.map((p) => ({ account: p.Id, name: p.Name })));

/** `count` templates, newest first, each with one to four teachers and up to four assistants. */
export function sampleTemplates(count: number): EmulateTemplateRecord[] {
  const titles = ["招生宣讲·往期精华", "高考数学公开课回放", "家长会·学习规划讲座", "暑期班介绍", "英语听力示范课", "物理实验演示", "编程入门体验课"];
  return Array.from({ length: count }, (_, i) => ({
    Id: 300 + i,
    Title: `${titles[i % titles.length]}${i >= titles.length ? i + 1 : ""}`,
    LiveType: 1,
    BeginTime: `2026-10-${String(20 - (i % 19)).padStart(2, "0")} 19:00:00`,
    EndTime: `2026-10-${String(20 - (i % 19)).padStart(2, "0")} 20:30:00`,
    Detail: "",
    Teachers: staffText(sampleTeachers.slice(0, (i % 4) + 1)),
    Assistants: staffText(sampleAssistants.slice(0, i % 5)),
    Status: 1,
    CreateTime: "2026-10-01 10:00:00",
    UpdateTime: "2026-10-01 10:00:00",
  }));
}

/** A live of the large-class course 12 starting `startsInHours` from the moment the story opens. */
export function sampleLive(startsInHours: number, extra: Partial<LiveRecord> = {}): LiveRecord {
  const at = (ms: number) => {
    const d = new Date(Math.floor(ms / 60_000) * 60_000);
    const pad = (n: number) => String(n).padStart(2, "0");
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:00`;
  };
  const begin = Date.now() + startsInHours * 3_600_000;
  return {
    Id: 501, EncryptRoomId: "0f3c9a7d2b", Title: "函数的单调性", CourseId: 12, CourseName: "高一数学·函数专题", CourseType: 1, CourseMaxUsers: 25,
    BeginTime: at(begin), EndTime: at(begin + 2 * 3_600_000),
    Teachers: staffText(sampleTeachers.slice(0, 1)), Assistants: staffText(sampleAssistants.slice(0, 1)),
    StudentCount: 18, LiveType: 1, LiveState: 0, Status: 1, Detail: "第二章第一节", CreateTime: "2026-11-01 09:00:00", UpdateTime: "2026-11-01 09:00:00",
    MasterId: 0, MasterName: "", Emulateid: 0, Config: JSON.stringify({ layout: "2", teaEnterTs: "45" }), CloudDiskFiles: "", SubClassName: "",
    ...extra,
  };
}

export interface LiveFormAnswerOptions {
  group?: GroupConfig;
  templates?: EmulateTemplateRecord[];
  live?: LiveRecord;
  conflicts?: LiveConflict[];
  /** How the add call answers: an envelope. */
  createAnswer?: object;
  updateAnswer?: object;
  groupFails?: boolean;
  /** How the push address call answers: an envelope. */
  pushAnswer?: object;
}

/** The answers of a main admin's live form. */
export function liveFormAnswers(options: LiveFormAnswerOptions = {}): MockRoutes {
  const templates = options.templates ?? sampleTemplates(7);
  const page = (rows: unknown[], query: Record<string, unknown>) => {
    const p = Number(query.page ?? 1);
    const count = Number(query.count ?? 10);
    return okEnvelope(rows.slice((p - 1) * count, p * count), { count: rows.length });
  };
  const searched = (query: Record<string, unknown>) => templates.filter((t) => !query.title || t.Title.includes(String(query.title)));
  return [
    ...engineSession,
    [teacher.api.list, ({ query }) => page(sampleTeachers, query)],
    [assistant.api.list, ({ query }) => page(sampleAssistants, query)],
    [liveApi.groupConfig, options.groupFails ? failEnvelope(500, "服务暂不可用") : okEnvelope({ config: JSON.stringify(options.group ?? groupConfigDefaults) })],
    [liveApi.groupConfigSet, okEnvelope(null, { msg: "配置修改成功，新创建直播会使用最新配置" })],
    [liveApi.templates, ({ query }) => page(templates, query)],
    [liveApi.templatesSearch, ({ query }) => page(searched(query), query)],
    [liveApi.templateInfo, ({ query }) => okEnvelope(templates.find((t) => t.Id === Number(query.id)) ?? null)],
    [liveApi.conflicts, okEnvelope(options.conflicts ?? [])],
    [liveApi.info, options.live ? okEnvelope(options.live) : failEnvelope(404, "直播不存在")],
    [liveApi.create, options.createAnswer ?? okEnvelope({ Id: 900 }, { msg: "添加成功" })],
    [liveApi.update, options.updateAnswer ?? okEnvelope({ Id: options.live?.Id ?? 501 }, { msg: "修改成功" })],
    [pushApi.address, options.pushAnswer ?? (({ query }) => okEnvelope({ url: "rtmp://lectern.example:1935/live", key: `1-${query.liveid}-k3J9xQ2mVb7LwT4pZs8NcY1rHd6Fa0Ge` }))],
  ];
}

/** A conflict of the first sample teacher, for the warning. */
export const sampleConflict: LiveConflict = { Id: 77, Title: "高一数学·函数专题第3讲", BeginTime: "2026-11-25 19:00:00", EndTime: "2026-11-25 20:30:00", Who: "李老师" };
