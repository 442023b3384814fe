import type { FastifyRequest } from "fastify";
import { DEFAULT_MODULES, dashboardModules, mayShowModule } from "../../../resources/stats/stats";
import type { FeatureCtx } from "../../engine/calls";
import { orgScope, type OrgScope } from "../../engine/org-scope";
import { fail, ok } from "../../plugins/envelope";
import { needIdentity } from "../../plugins/session";
import { menuKeysOf } from "../../services/menu";

/** Whether the signed-in admin may see a dashboard module, by the menu keys it holds. */
function moduleVisibility(request: FastifyRequest): (id: number) => boolean {
  const held = menuKeysOf(needIdentity(request, "admin").identity);
  return (id) => {
    const module = dashboardModules.find((candidate) => candidate.id === id);
    return !!module && mayShowModule(module, held);
  };
}

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

const savedList = async (scope: OrgScope) => {
  const row = await scope.selectFrom("board_config").select("modules").executeTakeFirst();
  return row ? (JSON.parse(row.modules) as number[]) : [...DEFAULT_MODULES];
};

/** The dashboard's module list (1 §2.3): the organisation's saved choice, else modules 1 to 9. */
export const boardHandlers = ({ db }: FeatureCtx) => ({
  boardConfig: async (request: FastifyRequest) => ok(await savedList(orgScope(request, db))),

  saveBoardConfig: async (request: FastifyRequest) => {
    const scope = orgScope(request, db);
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
  },
});
