/** The server's side of the live lists as mock routes (stories/mock-api.ts), for the live stories and the client tests. */
import { authApi } from "../../resources/auth/auth";
import live from "../../resources/lives/live";
import { liveApi, type LiveRecord } from "../../resources/lives/live-api";
import { extendedPermissionGroups } from "../../resources/kernel/menu";
import teacher from "../../resources/users/teacher";
import { engineSession } from "../engine/engine-answers";
import { failEnvelope, okEnvelope, type MockHandler, type MockRoutes } from "../mock-api";

const pad = (n: number) => String(n).padStart(2, "0");

export const storyTeachers = [
  { account: 501, name: "李丽超", nick: "李老师", headImg: "" },
  { account: 502, name: "王建国", nick: "", headImg: "" },
  { account: 503, name: "张敏", nick: "", headImg: "" },
  { account: 504, name: "陈静", nick: "", headImg: "" },
];
const assistants = [
  { account: 601, name: "王助教" },
  { account: 602, name: "周助教" },
];

/** The courses the rows belong to: a large class, a small class, a double-teacher one, a large-class small-lesson one. */
export const storyCourses = [
  { Id: 11, Title: "高一数学提高班", Type: 1, MaxUserNum: 25 },
  { Id: 12, Title: "初二英语口语1对1", Type: 0, MaxUserNum: 1 },
  { Id: 13, Title: "双师语文阅读", Type: 5, MaxUserNum: 25 },
  { Id: 14, Title: "大班小课·历史", Type: 18, MaxUserNum: 25 },
];

/** One live as the lists answer it (2 §3), with the course's type as its live type. */
export function liveRow(n: number, overrides: Partial<LiveRecord> = {}): LiveRecord {
  const course = storyCourses[n % storyCourses.length];
  const day = 1 + (n % 27);
  const teachers = storyTeachers.slice(0, 1 + (n % 4));
  return {
    Id: 700 + n,
    EncryptRoomId: n % 5 === 4 ? "" : `${n}`.padStart(32, "a"),
    Title: `${course.Title}第${n}讲`,
    CourseId: course.Id,
    CourseName: course.Title,
    CourseType: course.Type,
    CourseMaxUsers: course.MaxUserNum,
    BeginTime: `2026-11-${pad(day)} 19:00:00`,
    EndTime: `2026-11-${pad(day)} 20:30:00`,
    Teachers: JSON.stringify(teachers),
    Assistants: JSON.stringify(n % 3 === 0 ? [] : assistants.slice(0, 1 + (n % 2))),
    StudentCount: 10 + ((n * 7) % 40),
    LiveType: course.Type,
    LiveState: n % 3,
    Status: n % 6 === 5 ? 0 : 1,
    Detail: n % 2 === 0 ? "课前请预习教材第三章。" : "",
    CreateTime: "2026-10-01 09:00:00",
    UpdateTime: `2026-10-${pad(day)} 10:30:00`,
    MasterId: 0,
    MasterName: "",
    Emulateid: 0,
    Config: "{}",
    CloudDiskFiles: "",
    SubClassName: "",
    ...overrides,
  };
}

/** `count` lives of every course, newest start first. */
export const liveRows = (count: number): LiveRecord[] => Array.from({ length: count }, (_, i) => liveRow(count - i));

/** A double-teacher main classroom and its two sub-classes (一班, 二班). */
export function mainWithSubs(id = 900): LiveRecord[] {
  const main = liveRow(2, { Id: id, Title: "双师语文阅读第8讲", Status: 1 });
  return [
    main,
    ...["一班", "二班"].map((name, k) =>
      liveRow(2, { Id: id + 1 + k, Title: `${main.Title}（${name}）`, MasterId: id, MasterName: main.Title, SubClassName: name, StudentCount: 20 + k, Status: k === 1 ? 0 : 1 }),
    ),
  ];
}

const text = (query: Record<string, unknown>, name: string) => (query[name] === undefined || query[name] === "" ? undefined : String(query[name]));

/** The search of 2 §7 over the rows, the way the server does it. */
function matches(row: LiveRecord, query: Record<string, unknown>) {
  const title = text(query, "title");
  const status = text(query, "status");
  const teacherId = text(query, "teacher");
  const from = text(query, "begintime");
  const to = text(query, "endtime");
  const courseId = text(query, "couseid");
  if (title && !row.Title.toLowerCase().includes(title.toLowerCase())) return false;
  if (status !== undefined && status !== "-1" && row.LiveState !== Number(status)) return false;
  if (teacherId && (JSON.parse(row.Teachers) as { account: number }[])[0]?.account !== Number(teacherId)) return false;
  if (from && row.BeginTime < from) return false;
  if (to && row.BeginTime > to) return false;
  if (courseId && row.CourseId !== Number(courseId)) return false;
  return true;
}

const paged = (rows: LiveRecord[], query: Record<string, unknown>) => {
  const page = Number(query.page ?? 1);
  const count = Number(query.count ?? 10);
  return okEnvelope(rows.slice((page - 1) * count, page * count), { count: rows.length });
};

/** The extended permission tree (`/cms/userprivex`) holding exactly `keys`. */
export const extendedTree = (keys: string[]) =>
  extendedPermissionGroups.map((group) => ({
    label: group.label,
    checked: group.items.every((item) => keys.includes(item.key)),
    subMenus: group.items.map((item) => ({ label: item.label, key: item.key, path: item.key, checked: keys.includes(item.key) })),
  }));

export const everyExtra = extendedPermissionGroups.flatMap((group) => group.items.map((item) => item.key));

export interface LiveAnswerOptions {
  /** The extended permissions the admin holds (every one by default). */
  extras?: string[];
  /** What the guids are (by live id) the first time they are asked for. */
  guid?: (liveId: number, kind: "share" | "replay") => string;
}

/** The live lists over `rows` (kept and changed in place): lists, searches, course names, void, audience base, share guids. */
export function liveAnswers(rows: LiveRecord[], { extras = everyExtra, guid = (id, kind) => `${kind}${id}`.padEnd(32, "0") }: LiveAnswerOptions = {}): MockRoutes {
  const initNums = new Map<number, number>();
  const search: MockHandler = ({ query }) => paged(rows.filter((row) => matches(row, query)), query);
  const masters: MockHandler = ({ query }) => {
    const course = storyCourses.find((c) => c.Id === Number(query.courseid));
    const key = text(query, "key") ?? "";
    const found = rows.filter((row) => row.CourseId === Number(query.courseid) && row.MasterId === 0 && (course?.Type === 18 || row.LiveType === 5) && row.Title.includes(key));
    return paged(found, query);
  };
  const byId = (id: unknown) => rows.find((row) => row.Id === Number(id));
  return [
    ...engineSession,
    [authApi.userPrivEx, okEnvelope(extendedTree(extras))],
    [teacher.api.list, okEnvelope(storyTeachers.map((t) => ({ Id: t.account, Name: t.name, Mobile: `1380000${t.account}`, Nick: t.nick, UpdateTime: "2026-10-01 09:00:00", UserOp: "[]" })), { count: storyTeachers.length })],
    [liveApi.all, ({ query }) => paged(rows, query)],
    [liveApi.search, search],
    [liveApi.master, masters],
    [liveApi.masterSearch, masters],
    [liveApi.sub, ({ query }) => paged(rows.filter((row) => row.MasterId === Number(query.masterid)), query)],
    [
      liveApi.courseName,
      ({ query }) => {
        const course = storyCourses.find((c) => c.Id === Number(query.id));
        return course ? okEnvelope({ name: course.Title, type: course.Type }) : failEnvelope(404, "记录不存在");
      },
    ],
    [liveApi.info, ({ query }) => (byId(query.liveid) ? okEnvelope(byId(query.liveid)) : failEnvelope(404, "记录不存在"))],
    [
      live.api.remove!,
      ({ query }) => {
        const row = byId(query.id);
        if (!row) return failEnvelope(404, "记录不存在");
        if (row.Status === 0) return failEnvelope(1, "该直播已作废");
        row.Status = 0;
        return okEnvelope(null, { msg: "作废成功" });
      },
    ],
    [liveApi.initNumGet, ({ query }) => okEnvelope({ initNum: initNums.get(Number(query.liveid)) ?? 100 })],
    [
      liveApi.initNumSet,
      ({ body }) => {
        initNums.set(Number(body.liveid), Number(body.initnum));
        return okEnvelope({ initNum: Number(body.initnum) }, { msg: "修改成功" });
      },
    ],
    [liveApi.shareGuid, ({ query }) => okEnvelope({ guid: guid(Number(query.liveid), "share") })],
    [liveApi.replayGuid, ({ query }) => okEnvelope({ guid: guid(Number(query.liveid), "replay") })],
  ];
}

/** The live list service is down. */
export const liveListFails: MockRoutes = [
  [liveApi.all, failEnvelope(500, "直播服务暂不可用，请稍后再试")],
  [liveApi.search, failEnvelope(500, "直播服务暂不可用，请稍后再试")],
  [liveApi.master, failEnvelope(500, "直播服务暂不可用，请稍后再试")],
  [liveApi.sub, failEnvelope(500, "直播服务暂不可用，请稍后再试")],
];
