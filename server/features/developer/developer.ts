import { developerCalls } from "../../../resources/developer/calls";
import { developerMessages, maskedKey, type AppIdView } from "../../../resources/developer/developer";
import { defineFeature } from "../../engine/calls";
import { orgScope } from "../../engine/org-scope";
import { ok } from "../../plugins/envelope";
import { needIdentity } from "../../plugins/session";
import { consumeSmsCode, issueSmsCode } from "../../services/codes";
import { currentAppId, mainAdminMobile, maskedMobile, resetAppId, revealKey, sealingKey } from "../../services/developer/credentials";
import { tokenSecret } from "../../services/tool-tokens";

/**
 * Developer credentials (3 §2.7, §7.7; issue 19 item 9). The engine has let in only the main admin
 * or a sub-admin holding `appidop`; each handler works in the caller's organisation. Seeing the key
 * spends a code of the caller's own phone (purpose `appid`); a reset, a code of the main admin's
 * phone (purpose `appidnew`), whoever asks for it, so a sub-admin resets only with the main admin's say.
 */
export default defineFeature({
  group: developerCalls,
  handlers: ({ db, messages, config }) => {
    const sealing = sealingKey(tokenSecret(config));
    const ownMobile = (request: Parameters<typeof orgScope>[0]) => needIdentity(request, "admin").person.mobile;
    return {
      appId: async (request) => {
        const view: AppIdView = { guid: await currentAppId(orgScope(request, db), sealing), key: maskedKey };
        return ok(view);
      },
      mainAdminMobile: async (request) => ok({ mobile: maskedMobile(await mainAdminMobile(orgScope(request, db))) }),
      ownMobile: async (request) => ok({ mobile: maskedMobile(ownMobile(request)) }),
      keyCode: async (request) => {
        await issueSmsCode(db, messages, ownMobile(request), "appid");
        return ok(null, { msg: developerMessages.codeSent });
      },
      viewKey: async (request) => {
        await consumeSmsCode(db, ownMobile(request), "appid", (request.body as { authcode: string }).authcode);
        return ok({ key: await revealKey(orgScope(request, db), sealing) });
      },
      resetCode: async (request) => {
        await issueSmsCode(db, messages, await mainAdminMobile(orgScope(request, db)), "appidnew");
        return ok(null, { msg: developerMessages.codeSent });
      },
      reset: async (request) => {
        const scope = orgScope(request, db);
        await consumeSmsCode(db, await mainAdminMobile(scope), "appidnew", (request.body as { authcode: string }).authcode);
        return ok({ guid: await resetAppId(scope, sealing) }, { msg: developerMessages.reset });
      },
    };
  },
});
