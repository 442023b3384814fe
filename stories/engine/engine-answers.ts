/** The server's answers the engine stories are built from, as mock routes (stories/mock-api.ts). */
import type { ResourceDecl } from "../../resources/define";
import { authApi } from "../../resources/auth";
import { saveExtendedPermissions, savePermissions, savePortalPermissions } from "../../resources/menu";
import { failEnvelope, okEnvelope, type MockRoutes } from "../mock-api";
import { mainAdminMenu } from "../support/fixtures";

import type { PersonRow } from "../../resources/person";

export type UserRow = PersonRow;

const surnames = "王李张刘陈杨赵黄周吴徐孙胡朱高林何郭马罗";
const givens = ["伟", "芳", "娜", "敏", "静", "强", "磊", "洋", "艳", "杰", "军", "婷", "涛", "明", "超", "秀英", "志强", "丽华", "建国", "雨欣"];

/** `count` records the way `/cms/<family>` lists them, newest change first. */
export function userRows(decl: ResourceDecl, count: number): UserRow[] {
  const userop =
    decl.name === "subadmin"
      ? JSON.stringify(savePermissions(["teacherop", "assistantop", "studentop", "courseop", "liveop"]))
      : decl.name === "teacher" || decl.name === "assistant"
        ? JSON.stringify(savePortalPermissions(decl.name))
        : "[]";
  return Array.from({ length: count }, (_, i) => {
    const n = count - i;
    const day = new Date(Date.UTC(2026, 10, 20, 9, 30) - i * 7_380_000);
    return {
      Id: 1000 + n,
      Name: surnames[n % surnames.length] + givens[(n * 7) % givens.length],
      Mobile: `1${decl.name === "student" ? 37 : 36}${String(20_000_000 + n * 7919).padStart(8, "0")}`,
      Nick: "",
      UpdateTime: day.toISOString().slice(0, 19).replace("T", " "),
      UserOp: userop,
      ...(decl.name === "subadmin" ? { UserOpEx: JSON.stringify(saveExtendedPermissions()) } : {}),
    };
  });
}

type Query = { page?: unknown; count?: unknown; key?: unknown };

/** A main admin's session around an engine screen: the menu (for the page's access check) and the interaction check. */
export const engineSession: MockRoutes = [
  [authApi.menu, okEnvelope(mainAdminMenu)],
  [authApi.interCheck, okEnvelope()],
];

/** One family's calls over `rows`: paged and searched lists, add, change, delete. */
export function familyAnswers(decl: ResourceDecl, rows: UserRow[]): MockRoutes {
  const list = ({ query }: { query: Query }) => {
    const page = Number(query.page ?? 1);
    const count = Number(query.count ?? 10);
    const key = String(query.key ?? "");
    const hits = rows.filter((row) => !key || row.Name.includes(key) || row.Mobile.includes(key));
    return okEnvelope(hits.slice((page - 1) * count, page * count), { count: hits.length });
  };
  const routes: MockRoutes = [...engineSession, [decl.api.list!, list]];
  if (decl.api.search) routes.push([decl.api.search, list]);
  routes.push(
    [decl.api.create!, ({ body }) => okEnvelope({ ...body, Id: 9999 }, { msg: "添加成功" })],
    [decl.api.update!, ({ body }) => okEnvelope(body, { msg: "修改成功" })],
    [decl.api.remove!, okEnvelope(null, { msg: "删除成功" })],
  );
  return routes;
}

/** The list call fails with a message, as when the service is down. */
export const listFails = (decl: ResourceDecl): MockRoutes => [...engineSession, [decl.api.list!, failEnvelope(500, "用户服务暂不可用，请稍后再试")]];

/** The server refuses an add for a number already in use, naming the field. */
export const mobileTaken = (decl: ResourceDecl): MockRoutes => [
  ...familyAnswers(decl, userRows(decl, 3)),
  [decl.api.create!, failEnvelope(1, "该手机号已存在", { field: "mobile" })],
];
