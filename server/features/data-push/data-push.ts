import type { FastifyRequest } from "fastify";
import { pushCalls } from "../../../resources/data-push/calls";
import { pushMessages, type PushDelivery } from "../../../resources/data-push/push-api";
import { defineFeature } from "../../engine/calls";
import { orgScope } from "../../engine/org-scope";
import { fail, ok } from "../../plugins/envelope";
import { formatDateTime } from "../../services/datetime";
import { pushDeliveryHandler } from "../../services/data-push/deliver";
import { attachPushRunner, pushJobKind, queueDelivery } from "../../services/data-push/emit";
import { pushSecretOf, resetPushSecret } from "../../services/data-push/secret";

/**
 * Data push (issue 19 items 8 and 10): the delivery log and its replay, the signing secret, and the
 * job handler that makes the deliveries. The config itself is a single-record declaration
 * (resources/data-push/push-config.ts) the engine serves.
 */
export default defineFeature({
  group: pushCalls,
  handlers: ({ db, config, app }) => {
    app.jobs.register(pushJobKind, pushDeliveryHandler(db, { allowPrivate: config.pushAllowPrivate, log: app.log }));
    const detach = attachPushRunner(app.jobs, app.log);
    app.addHook("onClose", async () => detach());
    const scopeOf = (request: FastifyRequest) => orgScope(request, db);

    return {
      deliveries: async (request) => {
        const q = request.query as { page: number; count: number; event?: string };
        let base = scopeOf(request).selectFrom("push_deliveries");
        if (q.event) base = base.where("event", "=", q.event);
        const [rows, total] = await Promise.all([
          base
            .select(["id", "event", "url", "body", "status_code", "latency_ms", "attempts", "state", "error", "created_at", "updated_at"])
            .orderBy("created_at", "desc")
            .orderBy("id", "desc")
            .limit(q.count)
            .offset((q.page - 1) * q.count)
            .execute(),
          base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
        ]);
        const data: PushDelivery[] = rows.map((r) => ({
          Id: r.id,
          Event: r.event,
          Url: r.url,
          StatusCode: r.status_code,
          LatencyMs: r.latency_ms,
          Attempts: r.attempts,
          State: r.state,
          Error: r.error,
          Body: r.body,
          CreateTime: formatDateTime(Number(r.created_at)),
          UpdateTime: formatDateTime(Number(r.updated_at)),
        }));
        return ok(data, { count: Number(total.n) });
      },

      replay: async (request) => {
        const { id } = request.body as { id: number };
        const scope = scopeOf(request);
        const row = await scope.selectFrom("push_deliveries").select(["event", "url", "body"]).where("id", "=", id).executeTakeFirst();
        if (!row) throw fail.notFound(pushMessages.noDelivery);
        return ok({ id: await queueDelivery(scope, row.event, row.url, row.body) }, { msg: pushMessages.replayed });
      },

      secret: async (request) => ok({ secret: await pushSecretOf(scopeOf(request)) }),

      secretReset: async (request) => ok({ secret: await resetPushSecret(scopeOf(request)) }, { msg: pushMessages.secretReset }),
    };
  },
});
