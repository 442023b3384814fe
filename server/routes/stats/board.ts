import type { FastifyInstance } from "fastify";
import { DEFAULT_MODULES, statsApi } from "../../../resources/stats";
import type { Ctx } from "../../context";
import { fail, ok } from "../../plugins/envelope";
import { route } from "../../engine/route";
import type { OrgScope } from "../../engine/org-scope";
import { adminScope, guardOf, moduleVisibility } from "./access";

const tags = ["stats"];

/**
 * The organisation's list with a sub-admin's choice of the modules it may see put in: the
 * modules it may not see keep their places (it was never offered them, so it did not remove
 * them), and its own choice fills the other places in its order, the rest following.
 */
function mergeBoard(saved: readonly number[], chosen: readonly number[], visible: (id: number) => boolean): number[] {
  const queue = [...chosen];
  const merged = saved.flatMap((id) => (visible(id) ? (queue.length ? [queue.shift()!] : []) : [id]));
  return [...merged, ...queue];
}

/** The dashboard's module list (1 §2.3): the organisation's saved choice, else modules 1 to 9. */
export default function boardRoutes(app: FastifyInstance, { db }: Ctx) {
  const savedList = async (scope: OrgScope) => {
    const row = await scope.selectFrom("board_config").select("modules").executeTakeFirst();
    return row ? (JSON.parse(row.modules) as number[]) : [...DEFAULT_MODULES];
  };

  route(app, statsApi.boardConfig, { guard: guardOf("boardConfig"), summary: "Dashboard modules of the organisation (numbers 1-13, in display order)", tags }, async (request) =>
    ok(await savedList(adminScope(request, db))),
  );

  const summary = "Save the dashboard modules of the organisation; a sub-admin names only modules it may see, and the others keep their places";
  route(app, statsApi.saveBoardConfig, { guard: guardOf("saveBoardConfig"), body: "boardconfig", summary, tags }, async (request) => {
    const scope = adminScope(request, db);
    const { modules: chosen } = request.body as { modules: number[] };
    const visible = moduleVisibility(request);
    if (!chosen.every(visible)) throw fail.forbidden();
    const modules = mergeBoard(await savedList(scope), chosen, visible);
    const values = { modules: JSON.stringify(modules), updated_at: Date.now() };
    await scope
      .insertInto("board_config", values)
      .onConflict((oc) => oc.column("org_id").doUpdateSet({ modules: values.modules, updated_at: values.updated_at }))
      .execute();
    return ok(modules);
  });
}
