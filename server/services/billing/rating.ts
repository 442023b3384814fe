import { sql } from "kysely";
import { consumeDetail, costOf, defaultPriceList, priceLists, round2 } from "../../../resources/billing/prices";
import { BYTES_PER_GB, type ConsumeType } from "../../../resources/stats/stats";
import type { Db } from "../../db/database";
import { startPeriodic, type PeriodicHost } from "../../engine/job-lease";
import { nextTurn } from "../yielding";
import { addDays, localDay, startOfDay } from "../stat-range";
import { moveBalance } from "../../engine/ledger";

/**
 * The rating job (issue 19 item 1): a day's usage of an organisation, as the product recorded it,
 * priced under the organisation's price list into that day's consumption records (3 §3, with their
 * consume_detail) and one consumption row of its ledger.
 *
 * - live, replay: the day's peak of the per-minute concurrency the rooms sample;
 * - bandwidth: the day's peak vod bandwidth;
 * - oss: what the organisation stores when the day is rated (its videos, recordings and cloud-disk
 *   files), kept as that day's storage snapshot too;
 * - convert: the minutes of the videos whose transcode finished that day, each rounded up;
 * - sms, voicesms: the smart reminders sent that day (reminder_sends, server/services/reminders):
 *   an SMS's parts, a call's minutes.
 *
 * Rating a day twice bills it once: the ledger's `consume:<day>` is written in the same transaction
 * as the records, and a second rating (even a parallel one, in another process) finds it there.
 */

export type Usage = Partial<Record<ConsumeType, number>>;


/** The day [start, stop) of `day` ('YYYY-MM-DD', local). */
function boundsOf(day: string): { start: number; stop: number } {
  const [y, m, d] = day.split("-").map(Number);
  const start = new Date(y, m - 1, d).getTime();
  return { start, stop: addDays(start, 1) };
}

/** What `orgId` used on `day`, by type; types it did not use are left out. */
export async function usageOfDay(db: Db, orgId: number, day: string): Promise<{ usage: Usage; stored: { vod: number; cloud: number } }> {
  const { start, stop } = boundsOf(day);
  const k = db.kysely;
  const peak = (table: "live_concurrency" | "replay_concurrency") =>
    k.selectFrom(table).select((eb) => eb.fn.max<number>("usernum").as("n")).where("org_id", "=", orgId).where("ts", ">=", start).where("ts", "<", stop).executeTakeFirst();
  const [live, replay, bandwidth, media, recordings, cloud, converted] = await Promise.all([
    peak("live_concurrency"),
    peak("replay_concurrency"),
    k.selectFrom("vod_bandwidth").select((eb) => eb.fn.max<number>("mbps").as("n")).where("org_id", "=", orgId).where("ts", ">=", start).where("ts", "<", stop).executeTakeFirst(),
    k.selectFrom("media_files").select((eb) => eb.fn.sum<number>("size").as("n")).where("org_id", "=", orgId).executeTakeFirst(),
    k.selectFrom("live_recordings").select((eb) => eb.fn.sum<number>("size_bytes").as("n")).where("org_id", "=", orgId).executeTakeFirst(),
    k.selectFrom("cloud_objects").select((eb) => eb.fn.sum<number>("bytes").as("n")).where("org_id", "=", orgId).executeTakeFirst(),
    k
      .selectFrom("media_files")
      .select(sql<number>`sum((duration + 59) / 60)`.as("n"))
      .where("org_id", "=", orgId)
      .where("transcoded_at", ">=", start)
      .where("transcoded_at", "<", stop)
      .executeTakeFirst(),
  ]);
  const reminders = await k
    .selectFrom("reminder_sends")
    .select(["channel", (eb) => eb.fn.sum<number>("units").as("n")])
    .where("org_id", "=", orgId)
    .where("sent_at", ">=", start)
    .where("sent_at", "<", stop)
    .groupBy("channel")
    .execute();
  const remindersOf = (channel: string) => Number(reminders.find((r) => r.channel === channel)?.n ?? 0);
  const stored = { vod: Number(media?.n ?? 0) + Number(recordings?.n ?? 0), cloud: Number(cloud?.n ?? 0) };
  const usage: Usage = {};
  const put = (type: ConsumeType, n: number) => {
    if (n > 0) usage[type] = n;
  };
  put("live", Number(live?.n ?? 0));
  put("replay", Number(replay?.n ?? 0));
  put("bandwidth", round2(Number(bandwidth?.n ?? 0)));
  put("oss", round2((stored.vod + stored.cloud) / BYTES_PER_GB));
  put("convert", Number(converted?.n ?? 0));
  put("sms", remindersOf("sms"));
  put("voicesms", remindersOf("voice"));
  return { usage, stored };
}

/** The ledger reference of a day's consumption. */
export const consumeRef = (day: string) => `consume:${day}`;

/**
 * Rates `orgId`'s `day` (a day that is over) and charges it. Answers null when the day was rated
 * already or had no use; else what it cost, in thousandths.
 */
export async function rateDay(db: Db, orgId: number, day: string, now = Date.now()): Promise<{ costMilli: number; usage: Usage } | null> {
  if (boundsOf(day).stop > now) throw new RangeError(`${day} is not over yet`);
  const k = db.kysely;
  const org = await k.selectFrom("organisations").select("price_list").where("id", "=", orgId).executeTakeFirst();
  if (!org) return null;
  const rated = await k.selectFrom("ledger").select("id").where("org_id", "=", orgId).where("ref", "=", consumeRef(day)).executeTakeFirst();
  if (rated) return null;
  const { usage, stored } = await usageOfDay(db, orgId, day);
  const types = Object.keys(usage) as ConsumeType[];
  if (types.length === 0) return null;
  const prices = priceLists[org.price_list] ?? priceLists[defaultPriceList];
  const monthStart = `${day.slice(0, 8)}01`;
  const months = await k
    .selectFrom("daily_consumption")
    .select(["type", (eb) => eb.fn.sum<number>("value").as("n")])
    .where("org_id", "=", orgId)
    .where("day", ">=", monthStart)
    .where("day", "<", day)
    .groupBy("type")
    .execute();
  const monthOf = new Map(months.map((m) => [m.type, Number(m.n)]));
  const rows = types.map((type) => ({
    org_id: orgId,
    day,
    type,
    value: usage[type]!,
    cost_milli: costOf(prices[type], usage[type]!),
    detail: JSON.stringify(consumeDetail(prices[type], usage[type]!, monthOf.get(type) ?? 0)),
  }));
  const costMilli = rows.reduce((sum, r) => sum + r.cost_milli, 0);

  return k.transaction().execute(async (tx) => {
    const moved = await moveBalance(tx, orgId, { kind: "consumption", amountMilli: -costMilli, ref: consumeRef(day), note: `${day} 消费` }, now);
    if (!moved.applied) return null;
    await tx
      .insertInto("daily_consumption")
      .values(rows)
      .onConflict((oc) => oc.columns(["org_id", "day", "type"]).doUpdateSet((eb) => ({ value: eb.ref("excluded.value"), cost_milli: eb.ref("excluded.cost_milli"), detail: eb.ref("excluded.detail") })))
      .execute();
    await tx
      .insertInto("storage_daily")
      .values([
        { org_id: orgId, day, kind: "vod", bytes: stored.vod },
        { org_id: orgId, day, kind: "cloud", bytes: stored.cloud },
      ])
      .onConflict((oc) => oc.columns(["org_id", "day", "kind"]).doNothing())
      .execute();
    return { costMilli, usage };
  });
}

/** Rates `day` for every organisation, one at a time, yielding between them. */
export async function rateAll(db: Db, day: string, now = Date.now()): Promise<{ organisations: number; charged: number; costMilli: number }> {
  const orgs = await db.kysely.selectFrom("organisations").select("id").orderBy("id").execute();
  let charged = 0;
  let costMilli = 0;
  for (const { id } of orgs) {
    const done = await rateDay(db, id, day, now);
    if (done) {
      charged++;
      costMilli += done.costMilli;
    }
    await nextTurn();
  }
  return { organisations: orgs.length, charged, costMilli };
}

/** Yesterday, the day the daily run rates. */
export const yesterday = (now = Date.now()) => localDay(addDays(startOfDay(now), -1));

const HOUR = 3600_000;

/**
 * Rates yesterday every hour, once across the processes (the job's lease). Every hour, not once a
 * day: a run that failed or whose process died is simply the next hour's, and a run that finds the
 * day rated costs one query an organisation. The first run is an hour after the start, so a server
 * restarted for a test or a deploy bills nothing it would not have billed anyway.
 */
export function startRating(app: PeriodicHost, db: Db, everyMs = HOUR) {
  startPeriodic(app, db, "billing-rating", everyMs, (now) => rateAll(db, yesterday(now), now));
}
