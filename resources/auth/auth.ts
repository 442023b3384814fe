import { ep } from "../kernel/endpoint";

/**
 * The sign-in and identity calls (the spec's conventions, "Sign-in calls"), written once:
 * the client calls them through `providers/`, the server registers its routes from them.
 */
export const authApi = {
  tryLogin: ep("GET /cms/trylogin"),
  passwordLogin: ep("POST /cms/tarzan"),
  captchaImage: ep("GET /cms/captcha"),
  ownSmsCode: ep("POST /cms/getcaptcha"),
  smsLogin: ep("POST /cms/authlogin"),
  identities: ep("GET /cms/login"),
  selectIdentity: ep("PATCH /cms/login"),
  logout: ep("POST /cms/logout"),
  menu: ep("GET /cms/loginrouter"),
  enterpriseName: ep("GET /cms/enterprisename"),
  userPriv: ep("GET /cms/userpriv"),
  userPrivEx: ep("GET /cms/userprivex"),
  changePassword: ep("POST /cms/chgpasswd"),
  /**
   * The three SMS code calls send a message, so they are POSTs (the spec's conventions list them as
   * GETs): a GET could be set off by any page's <img>, and passes no same-origin check. Each
   * carries the graphic captcha of its mobile (`authcode`).
   */
  registerCode: ep("POST /api/v1/register/auth-code", "home"),
  register: ep("POST /api/v1/user/register", "home"),
  retrieveCode: ep("POST /api/v1/retrieve-passwd/auth-code", "home"),
  retrieve: ep("POST /api/v1/retrieve-passwd", "home"),
  loginCode: ep("POST /api/v1/login/auth-code", "home"),
  balance: ep("GET /cms/account/balance"),
  /** An admin-session check the console makes before opening an add or edit dialog (1 §7). */
  interCheck: ep("GET /cms/intercheck"),
  userInfo: ep("GET /api/v1/user-info", "liveClass"),
} as const;

/** Identity types of the identity list and of `PATCH /cms/login`. */
export const identityTypes = ["admin", "teacher", "assistant", "student"] as const;
export type IdentityType = (typeof identityTypes)[number];

/** Client-kept userType (1 §3): 0 student, 1 teacher, 2 assistant, 3 admin. */
export const userTypeOf: Record<IdentityType, number> = { student: 0, teacher: 1, assistant: 2, admin: 3 };

/** Where each identity type lands after sign-in (1 §4). */
export const homeOf: Record<IdentityType, string> = {
  admin: "/",
  teacher: "/teaIndex",
  student: "/stuIndex",
  assistant: "/assistantIndex",
};

/**
 * Body codes of the sign-in contract (1 §8, the spec's conventions). 900 and 904 carry
 * `data.needCaptcha`; 429 is "wait", with a `msg` to show: a locked account, a resend too
 * soon, or too many calls (that one also with HTTP status 429).
 */
export const loginCodes = { ok: 0, wrongPassword: 900, wrongCaptcha: 904, tooMany: 429 } as const;

/** The SMS area code the client sends (1 §9). */
export const defaultAreaCode = "86";
export const smsResendSeconds = 60;
export const balanceRefreshSeconds = 40;
