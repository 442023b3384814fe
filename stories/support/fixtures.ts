/**
 * Data the server answers, shared by the stories and the client tests so a screen is
 * shown and checked against the same records. Plain data only: envelopes and routes
 * are built by each side (stories/support/answers.ts, tests/kernel/client/support/fake-server.ts).
 */
import type { IdentityType } from "../../resources/auth/auth";
import { allMenuKeys, mainAdminOnlyItem, permissionGroups, sidebarGroups } from "../../resources/kernel/menu";
import type { UserInfo } from "../../providers/session-store";
import type { ServerMenu } from "../../src/lib/server-menu";

/** A `/cms/trylogin` answer with a session: `type` is null until an identity is chosen. */
export const session = (type: IdentityType | null) => ({ code: 0, data: { type }, msg: "ok", type });

/** Organisation names on each side of the sidebar's font-size rule (18 px under 5 characters, 14 under 10, else 12). */
export const orgNames = {
  short: "示例学校",
  medium: "海淀示例实验学校",
  long: "北京市海淀区示例实验学校",
} as const;

/** `/api/v1/user-info` of the demo main admin. */
export const me: UserInfo = {
  name: "管理员",
  nickname: "张校长",
  mobile: "13800000000",
  headimg: "",
  group: { id: 1, name: orgNames.short },
  type: "admin",
};

export const teacherInfo: UserInfo = { ...me, name: "王", nickname: "王老师", mobile: "13800000001", type: "teacher" };
export const assistantInfo: UserInfo = { ...me, name: "李", nickname: "李助教", mobile: "13800000002", type: "assistant" };
export const studentInfo: UserInfo = { ...me, name: "赵", nickname: "赵同学", mobile: "13800000003", type: "student" };

/** `/cms/loginrouter` for the granted menu keys, grouped and ordered as server/services/menu.ts builds it. */
export function menuFor(keys: Iterable<string>): ServerMenu {
  const granted = new Set(keys);
  const items = [...permissionGroups.flatMap((group) => group.items), mainAdminOnlyItem].filter((item) => granted.has(item.key));
  const groups = sidebarGroups
    .map((group) => ({
      key: group.key,
      label: group.label,
      items: items.filter((item) => item.sidebar === group.key).map((item) => ({ key: item.key, label: item.label, path: `/${item.key}` })),
    }))
    .filter((group) => group.items.length > 0);
  return { groups, keys: [...granted] };
}

/** The main admin holds every item, sub-admin management included. */
export const mainAdminMenu = menuFor([...allMenuKeys(), mainAdminOnlyItem.key]);

/** A sub-admin granted the 用户管理 permission group only (never 子管理员, which is the main admin's). */
export const userManagementMenu = menuFor(permissionGroups.find((group) => group.label === "用户管理")!.items.map((item) => item.key));

type IdentityList = Record<IdentityType, { id: number; name: string }[]>;

/** `/cms/login` answers: one card per identity type holding at least one organisation. */
export const identityLists = {
  /** One identity in all: the page enters it without showing a card. */
  lone: { admin: [{ id: 1, name: orgNames.short }], teacher: [], assistant: [], student: [] },
  /** One card, two organisations: there is still a choice to make. */
  oneCard: { admin: [{ id: 1, name: orgNames.short }, { id: 8, name: orgNames.medium }], teacher: [], assistant: [], student: [] },
  twoCards: {
    admin: [],
    teacher: [{ id: 2, name: "第二学校" }, { id: 4, name: "第三学校" }],
    assistant: [],
    student: [{ id: 5, name: orgNames.short }],
  },
  fourCards: {
    admin: [{ id: 1, name: orgNames.short }],
    teacher: [{ id: 2, name: "第二学校" }, { id: 4, name: "第三学校" }],
    assistant: [{ id: 3, name: orgNames.short }],
    student: [{ id: 5, name: orgNames.short }, { id: 6, name: "第二学校" }, { id: 7, name: orgNames.long }],
  },
} satisfies Record<string, IdentityList>;
