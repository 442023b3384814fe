import { alertMessages, MAX_RECIPIENTS } from "../../resources/billing/alerts";
import type { ResourceHooks } from "../engine/hooks";
import { fail } from "../plugins/envelope";
import { consumeSmsCode } from "../services/codes";

/**
 * resources/billing/alerts.ts: a recipient is added only with the code their mobile was sent (3 §5),
 * and an organisation keeps at most MAX_RECIPIENTS of them. The code is spent last, so a refusal
 * for the count leaves it usable.
 */
export const notifyPersonHooks: ResourceHooks = {
  prepare: async (values, { scope, action }) => {
    if (action !== "create") return;
    const { n } = await scope
      .selectFrom("notify_persons")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    if (Number(n) >= MAX_RECIPIENTS) throw fail.bad(alertMessages.tooManyRecipients);
    await consumeSmsCode(scope, String(values.mobile), "notify", String(values.code));
  },
};
