import type { Endpoint } from "./endpoint";
import type { SidebarGroupKey } from "./menu";

/** How a column shows its value; the engine knows each format, a resource only names it. */
export type ColumnFormat = "text" | "datetime" | "date" | "mobile" | "image" | "enum";

export interface ColumnDecl {
  field: string;
  title: string;
  format?: ColumnFormat;
  /** For `enum`: value → label. */
  options?: Record<string, string>;
  width?: number;
}

export type RowAction = "show" | "edit" | "delete";

/**
 * One entity, declared as plain data: the client engine derives its list, forms, menu entry
 * and detail link; the server derives its routes, validation and permission key; Storybook
 * and the tests read it too.
 */
export interface ResourceDecl {
  name: string;
  /** What one record is called in messages: 确定删除老师「张三」吗？ */
  noun: string;
  title: string;
  route: string;
  /** The menu key is also the permission key a sub-admin must hold. */
  menu: { group: SidebarGroupKey; key: string };
  api: Partial<Record<"list" | "search" | "create" | "update" | "remove", Endpoint>>;
  id: string;
  /** Field that names a record in confirmations. */
  label: string;
  columns: ColumnDecl[];
  search?: { param: string; placeholder: string };
  actions: RowAction[];
  /**
   * Schema `$id`s of the create and edit forms, `<name>.create` and `<name>.edit`
   * (schemas/<id>.schema.json, presented by schemas/<id>.ui.json when there is one).
   */
  forms: { create?: string; edit?: string };
  /**
   * Form field → record field, how an edit form is filled from a row (`{ name: "Name" }`).
   * Without it a form field takes the record field of the same name, ignoring case.
   */
  formFields?: Record<string, string>;
  /** A full-page create form at this route; the list's 添加 goes there instead of opening a dialog. */
  createRoute?: string;
  /** With `createRoute`: the list also offers the create form as a dialog, 快速添加 beside 添加 (1 §2.4 /adminop). */
  quickCreate?: boolean;
  /** Bespoke parts in the list's toolbar beside 添加, by name (src/engine/list-parts.tsx), e.g. "studentImport". */
  toolbar?: string[];
  /** Detail route with `{Field}` placeholders. */
  show?: string;
  /** Only the main admin may use it, whatever a sub-admin was granted. */
  mainAdminOnly?: boolean;
}

export const defineResource = <T extends ResourceDecl>(decl: T): T => decl;
