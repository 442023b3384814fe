import type { FastifyRequest } from "fastify";
import type { ConsumeRecord, ConsumeType } from "../../../resources/stats/stats";
import type { FeatureCtx } from "../../engine/calls";
import { orgScope } from "../../engine/org-scope";
import { ok } from "../../plugins/envelope";
import { CONSUME_RANGE, needRange, type RangeQuery } from "../../services/stat-range";

interface ConsumeQuery extends RangeQuery {
  type: ConsumeType | "all" | "-1";
  page: number;
  count: number;
}

/** Consumption records (3 §3, §7.2): one row per day and billed item, newest day first. */
export const consumeHandlers = ({ db }: FeatureCtx) => ({
  consume: async (request: FastifyRequest) => {
    const q = request.query as ConsumeQuery;
    const { firstDay, lastDay } = needRange(q, CONSUME_RANGE);
    let base = orgScope(request, db).selectFrom("daily_consumption").where("day", ">=", firstDay).where("day", "<=", lastDay);
    if (q.type !== "all" && q.type !== "-1") base = base.where("type", "=", q.type);
    const total = await base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    const rows = await base
      .select(["day", "type", "value", "cost_milli"])
      .orderBy("day", "desc")
      .orderBy("type")
      .limit(q.count)
      .offset((q.page - 1) * q.count)
      .execute();
    const data = rows.map(
      (r): ConsumeRecord => ({ recorddate: r.day, consumetype: r.type as ConsumeType, consumevalue: Number(r.value), consumecost: Number(r.cost_milli) / 1000 }),
    );
    return ok(data, { count: Number(total.n) });
  },
});
