import { authApi } from "./auth";
import { access, defineCalls } from "../kernel/call";

/** Sign-in and the calls that set or change a password: the address's and the mobile's budgets, counted together. */
const signIn = ["signInPerIp", "signInPerMobile"] as const;
/** Every call that sends an SMS code shares the address's budget. */
const codes = ["codesPerIp"] as const;

/** What keeps the calls made before there is a session safe to offer anyone. */
const beforeSession = "how a session begins: limited per address and per mobile, behind the graphic captcha and the account lock";

/**
 * Sign-in, identity choice, registration, retrieval and password change (1 §3, §4, §6; the
 * conventions' "Sign-in calls"). Declared calls rather than a table's CRUD: they read and write the
 * person by mobile across organisations, before an organisation is chosen, and issue and consume
 * one-time codes. The code calls are POSTs behind the mobile's graphic captcha (resources/auth/auth.ts).
 */
export const authCalls = defineCalls("auth", {
  tryLogin: { endpoint: authApi.tryLogin, access: access.person(), summary: "Auto-login: the session's identity type" },
  passwordLogin: {
    endpoint: authApi.passwordLogin,
    body: "login.password",
    access: access.public(beforeSession),
    limits: signIn,
    summary: "Password login (900 wrong, 904 captcha needed or wrong, 429 locked)",
  },
  captchaImage: {
    endpoint: authApi.captchaImage,
    query: "captcha.request",
    access: access.public("the image of a captcha answer mailed to nobody; limited per address and per mobile"),
    limits: ["captchasPerIp", "captchasPerMobile"],
    answer: "image",
    summary: "Graphic captcha image for a mobile",
  },
  loginCode: {
    endpoint: authApi.loginCode,
    body: "login.code-request",
    access: access.public(beforeSession),
    limits: codes,
    summary: "SMS code for quick login, behind the graphic captcha; the same answer for any mobile",
  },
  smsLogin: { endpoint: authApi.smsLogin, body: "login.quick", access: access.public(beforeSession), limits: signIn, summary: "Login by SMS code" },
  logout: { endpoint: authApi.logout, access: access.public("without a session it only clears the cookie"), summary: "Sign out" },

  identities: { endpoint: authApi.identities, access: access.person(), summary: "The signed-in person's identities by type" },
  selectIdentity: { endpoint: authApi.selectIdentity, body: "identity.select", access: access.person(), summary: "Act as one of the person's identities" },
  menu: { endpoint: authApi.menu, access: access.identity(), summary: "The menu of the current identity" },
  enterpriseName: { endpoint: authApi.enterpriseName, access: access.identity(), summary: "Name of the current organisation" },
  userPriv: { endpoint: authApi.userPriv, access: access.identity("admin"), summary: "Permission tree of the current admin" },
  userPrivEx: { endpoint: authApi.userPrivEx, access: access.identity("admin"), summary: "Extended permission tree of the current admin" },
  balance: { endpoint: authApi.balance, access: access.identity("admin"), summary: "Balance of the organisation, in yuan" },
  userInfo: { endpoint: authApi.userInfo, access: access.identity(), summary: "The signed-in person and identity" },

  registerCode: {
    endpoint: authApi.registerCode,
    body: "sms.code-request",
    access: access.public(beforeSession),
    limits: codes,
    summary: "SMS code for registration, behind the graphic captcha",
  },
  register: { endpoint: authApi.register, body: "register", access: access.public(beforeSession), limits: signIn, summary: "Register a person" },
  retrieveCode: {
    endpoint: authApi.retrieveCode,
    body: "sms.code-request",
    access: access.public(beforeSession),
    limits: codes,
    summary: "SMS code to retrieve a password, behind the graphic captcha; the same answer for any mobile",
  },
  retrieve: { endpoint: authApi.retrieve, body: "retrieve", access: access.public(beforeSession), limits: signIn, summary: "Set a new password with an SMS code" },
  ownSmsCode: { endpoint: authApi.ownSmsCode, access: access.identity("admin"), limits: codes, summary: "SMS code to the signed-in admin's own phone" },
  changePassword: {
    endpoint: authApi.changePassword,
    body: "chgpasswd",
    access: access.identity("admin"),
    limits: signIn,
    summary: "Change the admin's password; signs every session out",
  },
});
