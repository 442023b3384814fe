import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import type { Db } from "../../db/database";
import type { Job, JobHandler } from "../../engine/jobs";
import { signedScope, type OrgScope, type SignedOrg } from "../../engine/org-scope";
import { pushHeaders } from "../../../resources/data-push/push-api";
import { pushSignature } from "./signature";
import { pushSecretOf } from "./secret";
import { checkPushUrl } from "./url-guard";

/** A receiver has this long to answer, and this much of its answer is read (then the connection is cut). */
export const pushTimeoutMs = 5_000;
export const pushResponseBytes = 64 * 1024;

export interface DeliveryOptions {
  /** The operator's PUSH_ALLOW_PRIVATE (server/config.ts). */
  allowPrivate: boolean;
  timeoutMs?: number;
  log?: { warn(obj: object, msg: string): void };
}

/** Connections kept open between deliveries to the same receiver. */
const agents = { "http:": new http.Agent({ keepAlive: true, maxSockets: 16 }), "https:": new https.Agent({ keepAlive: true, maxSockets: 16 }) };

type Outcome = { status: number } | { error: string };

/** POSTs `body` to the checked address (never another the name might now resolve to), following no redirect. */
function post(url: URL, address: string, family: number, headers: Record<string, string>, body: string, timeoutMs: number): Promise<Outcome> {
  const lookup: LookupFunction = (_host, opts, done) => (opts.all ? done(null, [{ address, family }]) : done(null, address, family));
  return new Promise((resolve) => {
    const request = (url.protocol === "https:" ? https : http).request(
      url,
      { method: "POST", headers: { ...headers, "content-length": String(Buffer.byteLength(body)) }, lookup, agent: agents[url.protocol as "http:" | "https:"] },
      (response) => {
        let read = 0;
        response.on("data", (chunk: Buffer) => {
          read += chunk.length;
          if (read > pushResponseBytes) response.destroy();
        });
        response.on("close", () => resolve({ status: response.statusCode ?? 0 }));
      },
    );
    const timer = setTimeout(() => request.destroy(new Error(`推送超时（${timeoutMs / 1000}秒）`)), timeoutMs);
    request.on("error", (err) => resolve({ error: err.message.startsWith("推送超时") ? err.message : `连接失败：${(err as NodeJS.ErrnoException).code ?? err.message}` }));
    request.on("close", () => clearTimeout(timer));
    request.end(body);
  });
}

const refusals = { invalid: "接口地址格式不正确", unresolved: "接口地址无法解析", private: "接口地址指向本机、内网或保留地址，已拒绝推送" } as const;

/**
 * The scope of a delivery job: its organisation is the one the job row was queued under, by the
 * scope of the event's own organisation (emit.ts), never a caller's claim.
 */
const jobScope = (db: Db, job: Job): OrgScope => signedScope({ orgId: job.orgId } as SignedOrg, db, { id: 0, name: "数据推送", role: "admin" });

/**
 * One try of a delivery: the address checked again (resolved now, every address judged), the body
 * signed with the organisation's secret and POSTed, the try's outcome written to the log. A 2xx
 * answer delivers it; anything else is retried by the job runner with its backoff, except an
 * address that is refused, which no retry would change.
 */
export function pushDeliveryHandler(db: Db, opts: DeliveryOptions): JobHandler {
  const timeoutMs = opts.timeoutMs ?? pushTimeoutMs;
  return {
    async run(job) {
      const scope = jobScope(db, job);
      const { id } = job.payload as { id: number };
      const row = await scope.selectFrom("push_deliveries").select(["id", "event", "url", "body"]).where("id", "=", id).executeTakeFirst();
      if (!row) return;
      const started = Date.now();
      const verdict = await checkPushUrl(row.url, opts.allowPrivate);
      let outcome: Outcome;
      if (!verdict.ok) outcome = { error: refusals[verdict.reason] };
      else {
        const secret = await pushSecretOf(scope);
        const timestamp = String(Date.now());
        const headers = {
          "content-type": "application/json; charset=utf-8",
          "user-agent": "Lectern-Push/1",
          [pushHeaders.event]: row.event,
          [pushHeaders.delivery]: String(row.id),
          [pushHeaders.timestamp]: timestamp,
          [pushHeaders.signature]: pushSignature(secret, timestamp, row.body),
        };
        outcome = await post(verdict.url, verdict.address, verdict.family, headers, row.body, timeoutMs);
      }
      const delivered = "status" in outcome && outcome.status >= 200 && outcome.status < 300;
      const final = delivered || (!verdict.ok && verdict.reason !== "unresolved") || job.attempt >= job.maxAttempts;
      const error = "error" in outcome ? outcome.error : delivered ? "" : `接口返回 ${outcome.status}`;
      await scope
        .updateTable("push_deliveries", {
          status_code: "status" in outcome ? outcome.status : null,
          latency_ms: Date.now() - started,
          attempts: job.attempt,
          state: delivered ? "done" : final ? "failed" : "queued",
          error: error.slice(0, 500),
          updated_at: Date.now(),
        })
        .where("id", "=", row.id)
        .execute();
      if (!final) throw new Error(error);
    },
    async gaveUp(job, error) {
      const { id } = job.payload as { id: number };
      await jobScope(db, job).updateTable("push_deliveries", { state: "failed", updated_at: Date.now() }).where("id", "=", id).execute();
      opts.log?.warn({ delivery: id, org: job.orgId, error }, "data push: a delivery was given up after its last try");
    },
  };
}
