import { ep } from "../kernel/endpoint";

/** The menu key of /appidop, written here only (resources/kernel/menu.ts lists it under PaaS接入): every call below needs it. */
export const developerMenuKey = "appidop";

/**
 * Developer credentials (3 §2.7, §7.7; issue 19 item 9): an organisation's App Id and private key.
 * The spec names the calls' paths only; the methods are ours. Reads are GETs. Everything that
 * sends an SMS, spends a code or changes the pair is a POST: a GET can be set off by any page's
 * `<img>` and does not pass the same-origin check. `apinotify` (the same list in 3 §7.7) is the
 * data push's call, not this screen's.
 *
 * | operation (3 §7.7) | method and path | payload → answer |
 * |---|---|---|
 * | current App Id | GET /cms/appid | → `{guid, key}`, `key` masked; the pair is made on the first ask |
 * | the main admin's phone, for the reset | GET /cms/sadminmobile | → `{mobile}`, masked |
 * | one's own phone, for viewing the key | GET /cms/myselfmobile | → `{mobile}`, masked |
 * | code for viewing the key, to one's own phone | POST /cms/subadminauthcode | → 验证码已发送 |
 * | view the key | POST /cms/appidkey | `{authcode}` → `{key}` |
 * | code for the reset, to the main admin's phone | POST /cms/sadminauthcode | → 验证码已发送 |
 * | reset the App Id (and the key with it) | POST /cms/appidnew | `{authcode}` → `{guid}` |
 */
export const developerApi = {
  appId: ep("GET /cms/appid"),
  mainAdminMobile: ep("GET /cms/sadminmobile"),
  ownMobile: ep("GET /cms/myselfmobile"),
  keyCode: ep("POST /cms/subadminauthcode"),
  viewKey: ep("POST /cms/appidkey"),
  resetCode: ep("POST /cms/sadminauthcode"),
  reset: ep("POST /cms/appidnew"),
} as const;

/** The words of the screen and its calls (3 §5, §8). */
export const developerMessages = {
  codeSent: "验证码已发送",
  reset: "AppId重置成功",
  resetFailed: "重置AppId失败！",
  /** The key could not be read back: the server's secret changed since it was stored. */
  unreadable: "私钥无法读取，请重置AppId",
  noMainAdmin: "机构没有主管理员，无法重置AppId",
} as const;

/** What GET /cms/appid answers in place of the key: its length and nothing of it. */
export const maskedKey = "*".repeat(32);

/** The credentials as the screen shows them. */
export interface AppIdView {
  guid: string;
  /** Always `maskedKey`. */
  key: string;
}

/** The audit log's name and label of the credentials (resources/platform/audit-log.ts). */
export const developerAudit = { resource: "developer", title: "开发者凭证" } as const;
