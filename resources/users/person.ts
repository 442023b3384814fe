import type { ColumnDecl, ResourceDecl } from "../kernel/define";
import { ep, type Endpoint } from "../kernel/endpoint";

/** A person family's calls: the four of the CRUD family always, a search call where there is one. */
export type PersonApi = Record<"list" | "create" | "update" | "remove", Endpoint> & { search?: Endpoint };

/**
 * Calls beside the families': whether a mobile already belongs to a person (of any organisation),
 * asked by an add form before saving, since adding such a mobile keeps that person's password.
 */
export const personApi = {
  registeredMobile: ep("GET /cms/registeredmobile"),
} as const;

/** What an add says when the mobile is a person's already (services/users.ts addIdentity). */
export const personMessages = {
  /** Under the add form's password, before saving. */
  passwordWillBeKept: "该手机号已注册，将沿用其原密码",
  /** After 添加成功, in the answer. */
  passwordKept: "该手机号已注册，已沿用其原密码",
} as const;

/** One row of a person list on the wire (1 §7 user management); `UserOpEx` on sub-admins only. */
export interface PersonRow {
  Id: number;
  Name: string;
  Mobile: string;
  Nick: string;
  /** `YYYY-MM-DD HH:mm:ss`, server time. */
  UpdateTime: string;
  /** The saved permission value (resources/kernel/menu.ts), as JSON text. */
  UserOp: string;
  UserOpEx?: string;
}

/** The columns every person list shows (1 §2.4): name, contact, update time. */
export const personColumns: ColumnDecl[] = [
  { field: "Name", title: "姓名" },
  { field: "Mobile", title: "联系方式" },
  { field: "UpdateTime", title: "更新时间", format: "datetime" },
];

/**
 * What the person resources (sub-admins, teachers, assistants, students) share: the CRUD family
 * `/cms/<family>` of 1 §7, rows keyed by `Id` and named by `Name`, the person columns, and, for a
 * list with a search box, the call it searches through with `key`.
 */
export function personFamily(family: string, searchPath?: `/${string}`): Pick<ResourceDecl, "id" | "label" | "columns" | "search"> & { api: PersonApi } {
  const path = `/cms/${family}` as const;
  return {
    api: {
      list: ep(`GET ${path}`),
      ...(searchPath ? { search: ep(`GET ${searchPath}`) } : {}),
      create: ep(`POST ${path}`),
      update: ep(`PATCH ${path}`),
      remove: ep(`DELETE ${path}`),
    },
    id: "Id",
    label: "Name",
    columns: personColumns,
    ...(searchPath ? { search: { param: "key", placeholder: "请输入姓名或手机号" } } : {}),
  };
}
