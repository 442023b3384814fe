import { access, defineCalls } from "../kernel/call";
import { developerApi, developerMenuKey } from "./developer";

const menu = access.menu([developerMenuKey]);
/** A code call sends an SMS: the address's budget of every code call, and the person's own. */
const codes = ["codesPerIp", "developerCodesPerPerson"] as const;

/**
 * Developer credentials (3 §2.7, §7.7; issue 19 item 9), every call under the menu key `appidop`
 * (the main admin, or a sub-admin granted it) and read or written in the caller's organisation
 * only. Seeing the key needs a code sent to the caller's own phone; a reset, a code sent to the
 * main admin's phone. Codes follow the sign-in rules (server/services/codes.ts).
 */
export const developerCalls = defineCalls("developer", {
  appId: { endpoint: developerApi.appId, access: menu, summary: "The organisation's App Id (guid) and its private key masked (key); the pair is made on the first ask (3 §7.7)" },
  mainAdminMobile: { endpoint: developerApi.mainAdminMobile, access: menu, summary: "The main admin's phone, masked, where the reset's code goes (3 §7.7)" },
  ownMobile: { endpoint: developerApi.ownMobile, access: menu, summary: "The caller's own phone, masked, where the key's code goes (3 §7.7)" },
  keyCode: { endpoint: developerApi.keyCode, access: menu, limits: codes, summary: "Sends a code for viewing the private key to the caller's own phone" },
  viewKey: {
    endpoint: developerApi.viewKey,
    body: "appid.authcode",
    access: menu,
    limits: ["developerChecksPerPerson"],
    summary: "The private key (key), for a code sent to the caller's own phone; audited",
  },
  resetCode: { endpoint: developerApi.resetCode, access: menu, limits: codes, summary: "Sends a code for resetting the App Id to the main admin's phone" },
  reset: {
    endpoint: developerApi.reset,
    body: "appid.authcode",
    access: menu,
    limits: ["developerChecksPerPerson"],
    summary: "A new App Id (guid) and private key, the old key refused from then on, for a code sent to the main admin's phone; audited",
  },
});
