/** The server's side of /courseop as mock routes (stories/mock-api.ts), for the course stories and the client tests. */
import course, { courseTypeOf, courseTypes, type CourseRecord } from "../../resources/courses/course";
import { engineSession } from "../engine/engine-answers";
import { failEnvelope, okEnvelope, type MockHandler, type MockRoutes } from "../mock-api";

/** A course as `GET /cms/course` answers it (1 §3). */
export type CourseRow = CourseRecord;

/**
 * A 16:9 cover the stories serve as a file (stories/support/static/uploads), at a path like the
 * server's own uploads, so the forms' cover rule accepts it and no network is needed.
 */
export const cover = (n: number) => `/uploads/story-cover-${(n % 4) + 1}.svg`;

const titles = [
  "高一数学提高班", "初二英语阅读", "高三物理冲刺", "小学奥数思维", "雅思口语一对一", "Python 编程入门",
  "初三化学实验课", "高二语文写作", "少儿美术启蒙", "钢琴基础", "考研政治串讲", "日语N2精讲",
];

const pad = (n: number) => String(n).padStart(2, "0");

/** `count` courses, newest change first: every type, both states, with and without lives and covers. */
export function courseRows(count: number): CourseRow[] {
  return Array.from({ length: count }, (_, i) => {
    const type = courseTypes[i % courseTypes.length];
    const valid = i % 5 !== 3;
    const day = 20 - (i % 19);
    return {
      Id: 300 + count - i,
      Title: titles[i % titles.length] + (i >= titles.length ? `（${Math.floor(i / titles.length) + 1}期）` : ""),
      Type: type.code,
      MaxUserNum: type.maxUsers.choices ? type.maxUsers.choices[i % type.maxUsers.choices.length] : type.maxUsers.default,
      Expire: valid ? "2027-06-30 23:59:59" : "2026-06-30 23:59:59",
      HeadImg: i % 3 === 2 ? "" : cover(i),
      Detail: i % 2 === 0 ? "每周两次直播，课后提供回放与讲义。\n适合基础扎实、希望提高的同学。" : "",
      Status: valid ? 1 : 0,
      // No live yet, a first live before 2018 (暂无直播, 1 §9), or a real one.
      FirstLiveTime: i % 4 === 1 ? null : i % 4 === 2 ? "2017-09-01 19:00:00" : `2026-11-${pad(day)} 19:00:00`,
      CreateTime: `2026-09-${pad(1 + (i % 28))} 10:00:00`,
      UpdateTime: `2026-11-${pad(day)} ${pad(9 + (i % 10))}:30:00`,
      CreateUser: i % 2 === 0 ? "张校长" : "课程管理员",
    };
  });
}

const stamp = () => new Date().toISOString().slice(0, 19).replace("T", " ");

/** Search the way the server does (1 §7): title fragment, type, status, and a live starting in the range. */
function matches(row: CourseRow, query: Record<string, unknown>) {
  const text = (name: string) => (query[name] === undefined || query[name] === "" ? undefined : String(query[name]));
  const title = text("title");
  const from = text("begintime");
  const to = text("endtime");
  if (title && !row.Title.toLowerCase().includes(title.toLowerCase())) return false;
  if (text("type") !== undefined && row.Type !== Number(query.type)) return false;
  if (text("status") !== undefined && row.Status !== Number(query.status)) return false;
  if (from && to) return !!row.FirstLiveTime && row.FirstLiveTime.slice(0, 10) >= from.slice(0, 10) && row.FirstLiveTime.slice(0, 10) <= to.slice(0, 10);
  return true;
}

export interface CourseAnswerOptions {
  /** The type codes the admin may create (`GET /cms/coursetypes`); every type by default. */
  offered?: number[];
  /** What the upload answers as the cover's URL. */
  uploadedUrl?: string;
}

/** /courseop over `rows` (kept and changed in place): list and search, add, change, delete, types, upload. */
export function courseAnswers(rows: CourseRow[], { offered = courseTypes.map((t) => t.code), uploadedUrl = cover(7) }: CourseAnswerOptions = {}): MockRoutes {
  const list: MockHandler = ({ query }) => {
    const hits = rows.filter((row) => matches(row, query));
    const page = Number(query.page ?? 1);
    const count = Number(query.count ?? 10);
    return okEnvelope(hits.slice((page - 1) * count, page * count), { count: hits.length });
  };
  return [
    ...engineSession,
    [course.api.list, list],
    [course.api.search, list],
    [
      course.api.create,
      ({ body }) => {
        const type = courseTypeOf(Number(body.type));
        const row: CourseRow = {
          Id: Math.max(300, ...rows.map((r) => r.Id)) + 1,
          Title: String(body.title),
          Type: Number(body.type),
          MaxUserNum: Number(body.maxusernum ?? type?.maxUsers.default ?? 1),
          Expire: String(body.expire),
          HeadImg: String(body.headimg ?? ""),
          Detail: String(body.detail ?? ""),
          Status: 1,
          FirstLiveTime: null,
          CreateTime: stamp(),
          UpdateTime: stamp(),
          CreateUser: "张校长",
        };
        rows.unshift(row);
        return okEnvelope(row, { msg: "添加成功" });
      },
    ],
    [
      course.api.update,
      ({ body }) => {
        const row = rows.find((r) => r.Id === Number(body.id));
        if (!row) return failEnvelope(404, "记录不存在");
        Object.assign(row, {
          Title: body.title,
          Expire: body.expire,
          UpdateTime: stamp(),
          ...(body.detail !== undefined ? { Detail: body.detail } : {}),
          ...(body.headimg !== undefined ? { HeadImg: body.headimg } : {}),
          ...(body.maxusernum !== undefined ? { MaxUserNum: body.maxusernum } : {}),
        });
        return okEnvelope(row, { msg: "修改成功" });
      },
    ],
    [
      course.api.remove,
      ({ query }) => {
        const index = rows.findIndex((r) => r.Id === Number(query.id));
        if (index === -1) return failEnvelope(404, "记录不存在");
        rows.splice(index, 1);
        return okEnvelope(null, { msg: "删除成功" });
      },
    ],
    [course.extra.offeredTypes, okEnvelope(offered)],
    [course.extra.upload, okEnvelope({ url: uploadedUrl }, { url: uploadedUrl, msg: "上传成功" })],
  ];
}

/** The server's refusal of a deletion (a course with lives keeps them, server/services/courses.ts). */
export const hasLivesMessage = "该课程下已有直播，不能删除";

/** The course list service is down. */
export const courseListFails: MockRoutes = [...engineSession, [course.api.list, failEnvelope(500, "课程服务暂不可用，请稍后再试")]];
