import type { FastifyRequest } from "fastify";
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
    if (q.type === "total") {
      // One row a day, the day's types summed in thousandths (3 §9: money summed in thousandths),
      // read from the sums kept beside the rows (migration 0039).
      const days = scope.selectFrom("daily_consumption_totals").where("day", ">=", firstDay).where("day", "<=", lastDay);
      const rows = await days.select(["day", "cost_milli"]).orderBy("day", "desc").limit(q.count).offset((q.page - 1) * q.count).execute();
      // A page short of full is the last: the days before it and its own are all there are. Only a
      // full or empty page asks for the count (never for 合计, 100 a page within 93 days).
      const total = rows.length > 0 && rows.length < q.count ? (q.page - 1) * q.count + rows.length : Number((await days.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
      const data = rows.map((r): ConsumeTotalRecord => ({ recorddate: r.day, consumetype: "total", consumevalue: null, consumecost: Number(r.cost_milli) / 1000, Id: consumeRowId(r.day, "total") }));
      return ok(data, { count: total });
    }
    let base = scope.selectFrom("daily_consumption").where("day", ">=", firstDay).where("day", "<=", lastDay);
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
