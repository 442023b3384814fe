import type { ResourceDecl } from "../kernel/define";
import { liveMenu, liveLimits, liveMessages, validatorApi, type RegistrationField, type ValidatorSettings } from "./live-api";

/**
 * What the verification drawer (2 §2 设置验证方式) and the validator service (2 §7, 3 §7.8) share
 * beyond the wire contract of live-api.ts: the token's tool name, the default of 2 §4, the field
 * designer's types and the whitelist import's per-row reasons. Field rules and their messages are
 * schemas/lives/validator.save.schema.json; these are the facts no schema states.
 */

/** The tool a validator token names (server/routes/tools/tokens.ts), with the live as its subject. */
export const validatorTokenTool = "liveValidator";

/** 2 §4: saved on first opening when the live has no settings yet (no password, no registration). */
export const defaultValidatorSettings: ValidatorSettings = {
  check: 1,
  password: "",
  logo_url: "",
  poster: "",
  desc: "",
  extra: { isRecord: 1, data: [] },
};

/** Verification methods (2 §3) in the order the radios show them. */
export const checkLabels: Record<ValidatorSettings["check"], string> = { 1: "无密码", 2: "白名单", 3: "单一密码" };

/** Registration field types (2 §3); 1 (phone) is the fixed first field and offered for nothing else. */
export const fieldTypeLabels: Record<RegistrationField["formaDataType"], string> = {
  1: "手机号",
  2: "邮箱",
  3: "文本",
  4: "地址",
  5: "单选",
  6: "多选",
};

/** Types whose field lists options (checkList) a viewer chooses from. */
export const choiceTypes: readonly number[] = [5, 6];

/** The phone field every registration form starts with (2 §3: fixed first, required, not movable). */
export const phoneField: RegistrationField = {
  formaDataType: 1,
  name: "手机号",
  placeholder: "请输入手机号",
  required: true,
  checkList: [],
  isPhone: true,
};

/** Bounds of the designer, the same as the schema's (a form of a few questions, not a survey). */
export const designerLimits = { fields: 20, options: 20 } as const;

/** The longest username or password a whitelist entry keeps (the columns of migration 0016). */
export const whitelistTextMax = 64;

/** Why a row of a whitelist import is refused (the dry run lists them per row). */
export const whitelistReasons = {
  empty: "用户名或密码为空",
  tooLong: `用户名或密码超过${whitelistTextMax}字`,
  /** `first` is the 1-based position of the row that keeps the password. */
  duplicateInFile: (first: number) => `与第${first}条的密码重复`,
  inList: "密码已在白名单中",
  overTotal: `白名单最多${liveLimits.whitelistTotal}条`,
} as const;

/** The service's own refusals, beside the messages of live-api.ts liveMessages. */
export const validatorMessages = {
  tokenRefused: "验证凭证无效或已过期，请重新打开设置验证方式",
  liveMissing: "直播不存在或已作废",
  passwordTaken: "该密码已存在",
  full: `白名单最多${liveLimits.whitelistTotal}条，已达上限`,
  saved: "保存成功!",
  added: "添加成功",
  updated: "修改成功",
  deleted: "删除成功",
} as const;

/** The import template (2 §2 模板下载) and the export's columns: username, then password. */
export const whitelistSheet = {
  header: ["用户名", "密码"],
  templateName: "白名单导入模板.xlsx",
  sheetName: "白名单",
  /** Characters no file system takes in a name become "_". */
  exportName: (liveTitle: string) => `白名单-${liveTitle.replace(/[\\/:*?"<>|\p{Cc}]/gu, "_")}.xlsx`,
  errorsName: "白名单导入错误行.xlsx",
} as const;

/** One row of an import as the dry run and the import take it. */
export interface WhitelistRow {
  username: string;
  password: string;
}

/** A refused row: its 1-based position in the rows sent, what it held, and why. */
export interface WhitelistRowError extends WhitelistRow {
  row: number;
  reason: string;
}

/** One whitelist entry on the wire (2 §3). */
export interface WhitelistEntry {
  id: number;
  username: string;
  password: string;
}

/**
 * 白名单列表 (2 §2): a live's usernames and passwords, a page at a time (10/20/50) from the validator
 * service, which takes `page` and `limit` and answers `{resultset, total}`; the dialog names the
 * live and its token in every call. 修改 and 删除 are the dialog's own: they write through the
 * service with a fresh token.
 */
export const whitelistList: ResourceDecl = {
  name: "whitelist",
  noun: "白名单",
  title: "白名单列表",
  route: "",
  menu: liveMenu,
  api: { list: validatorApi.whitelist },
  listShape: { page: "page", size: "limit", rows: "resultset", total: "total" },
  id: "id",
  label: "username",
  columns: [
    { field: "username", title: "用户名" },
    { field: "password", title: "密码" },
  ],
  actions: ["changeEntry", "removeEntry"],
  actionsWidth: 140,
  forms: {},
  emptyTexts: { none: "还没有白名单，可添加或从表格导入", searched: "还没有白名单，可添加或从表格导入" },
  listFailure: liveMessages.whitelistLoadFailed,
};
