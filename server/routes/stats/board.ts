import type { FastifyInstance } from "fastify";
import { DEFAULT_MODULES, statsApi } from "../../../resources/stats";
import type { Ctx } from "../../context";
import { ok } from "../../plugins/envelope";
import { route } from "../define";
import { adminOrg, guard } from "./access";

const tags = ["stats"];

/** The dashboard's module list (1 §2.3): the organisation's saved choice, else modules 1 to 9. */
export default function boardRoutes(app: FastifyInstance, { db }: Ctx) {
  route(app, statsApi.boardConfig, { guard, summary: "Dashboard modules of the organisation (numbers 1-13, in display order)", tags }, async (request) => {
    const row = await db.kysely.selectFrom("board_config").select("modules").where("org_id", "=", adminOrg(request)).executeTakeFirst();
    return ok(row ? (JSON.parse(row.modules) as number[]) : [...DEFAULT_MODULES]);
  });

  route(app, statsApi.saveBoardConfig, { guard, body: "boardconfig", summary: "Save the dashboard modules of the organisation", tags }, async (request) => {
    const orgId = adminOrg(request);
    const { modules } = request.body as { modules: number[] };
    const values = { org_id: orgId, modules: JSON.stringify(modules), updated_at: Date.now() };
    await db.kysely
      .insertInto("board_config")
      .values(values)
      .onConflict((oc) => oc.column("org_id").doUpdateSet({ modules: values.modules, updated_at: values.updated_at }))
      .execute();
    return ok(modules);
  });
}
