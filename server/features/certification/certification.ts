import { certificationCalls, certificationMessages } from "../../../resources/certification/certification";
import { defineFeature } from "../../engine/calls";
import { orgScope } from "../../engine/org-scope";
import { ok } from "../../plugins/envelope";
import { readCertification, saveCertification, sendContactCode, type CertificationBody } from "../../services/certification/certification";

/**
 * Organisation certification (3 §2.4, §4, §7.6; issue 19 item 5): the organisation's one record,
 * submitted once (POST) and modified after (PATCH), each waiting for a platform operator's approval
 * (`npm run certify`); the contact mobile's SMS code behind its graphic captcha.
 */
export default defineFeature({
  group: certificationCalls,
  handlers: ({ db, messages }) => ({
    get: async (request) => ok(await readCertification(orgScope(request, db))),
    submit: async (request) =>
      ok(await saveCertification(db, orgScope(request, db), request.body as CertificationBody, "submit"), { msg: certificationMessages.submitted }),
    modify: async (request) =>
      ok(await saveCertification(db, orgScope(request, db), request.body as CertificationBody, "modify"), { msg: certificationMessages.modified }),
    smsCode: async (request) => {
      const { mobile, validate_code } = request.body as { mobile: string; validate_code: string };
      await sendContactCode(db, messages, mobile, validate_code);
      return ok(null, { msg: certificationMessages.codeSent });
    },
  }),
});
