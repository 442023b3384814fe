import type { FastifyRequest } from "fastify";
import { sql } from "kysely";
import { billingLabel, type ConsumeDetail } from "../../../resources/billing/prices";
import { consumeRowId, consumeUnits, type ConsumeRecord, type ConsumeTotalRecord, type ConsumeType } from "../../../resources/stats/stats";
import type { FeatureCtx } from "../../engine/calls";
import { orgScope } from "../../engine/org-scope";
import { ok } from "../../plugins/envelope";
import { CONSUME_RANGE, needRange, type RangeQuery } from "../../services/stat-range";

interface ConsumeQuery extends RangeQuery {
  type: ConsumeType | "all" | "-1" | "total";
  page: number;
  count: number;
}

/** Consumption records (3 §3, §7.2): one row per day and billed item, newest day first. */
export const consumeHandlers = ({ db }: FeatureCtx) => ({
  consume: async (request: FastifyRequest) => {
    const q = request.query as ConsumeQuery;
    const { firstDay, lastDay } = needRange(q, CONSUME_RANGE);
    const scope = orgScope(request, db);
    let base = scope.selectFrom("daily_consumption").where("day", ">=", firstDay).where("day", "<=", lastDay);
    if (q.type === "total") {
      // One row a day, the day's types summed in thousandths (3 §9: money summed in thousandths).
      // The page and the number of days in one statement: the count is a window over the grouped days.
      const rows = await base
        .select((eb) => ["day", eb.fn.sum<number>("cost_milli").as("cost"), sql<number>`count(*) over ()`.as("days")])
        .groupBy("day")
        .orderBy("day", "desc")
        .limit(q.count)
        .offset((q.page - 1) * q.count)
        .execute();
      // A page past the last day has no row to carry the count: asked again for it alone.
      const total = rows.length ? Number(rows[0].days) : Number((await base.select((eb) => eb.fn.count<number>("day").distinct().as("n")).executeTakeFirstOrThrow()).n);
      const data = rows.map((r): ConsumeTotalRecord => ({ recorddate: r.day, consumetype: "total", consumevalue: null, consumecost: Number(r.cost) / 1000, Id: consumeRowId(r.day, "total") }));
      return ok(data, { count: total });
    }
    if (q.type !== "all" && q.type !== "-1") base = base.where("type", "=", q.type);
    const total = await base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    const rows = await base
      .select(["day", "type", "value", "cost_milli", "detail"])
      .orderBy("day", "desc")
      .orderBy("type")
      .limit(q.count)
      .offset((q.page - 1) * q.count)
      .execute();
    const data = rows.map(
      (r): ConsumeRecord => ({
        recorddate: r.day,
        consumetype: r.type as ConsumeType,
        consumevalue: Number(r.value),
        consumecost: Number(r.cost_milli) / 1000,
        billing: billingLabel(JSON.parse(r.detail) as Partial<ConsumeDetail>, consumeUnits[r.type as ConsumeType]),
        Id: consumeRowId(r.day, r.type),
      }),
    );
    return ok(data, { count: Number(total.n) });
  },
});
