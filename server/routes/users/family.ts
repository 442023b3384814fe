/**
 * The person families (sub-admins, teachers, assistants, students) stay beside the resource engine
 * (server/engine/register.ts), for three reasons the engine's one-table model cannot carry:
 * - a record is two tables: the organisation's identity and the person behind it, shared by every
 *   organisation (the mobile is the person's), so adding one may reuse a person, and a mobile moves
 *   only under the conditions of services/users.ts moveMobile;
 * - the list and its search read the identity joined to the person, searched through the CJK
 *   fragment index with its own plans (services/user-list.ts), which a LIKE over one table would
 *   turn into a scan of the organisation (measured by scripts/bench-students.ts);
 * - the password is hashed outside the write's transaction, and permissions are normalised per role.
 * What the engine gives every resource they have too: one guard before validation, the same
 * schemas, the envelope, the organisation-scoped accessor, and an audit row in each write's transaction.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ResourceDecl } from "../../../resources/define";
import type { Endpoint } from "../../../resources/endpoint";
import { personMessages, type PersonRow } from "../../../resources/person";
import type { Ctx } from "../../context";
import { ok } from "../../plugins/envelope";
import { orgScope } from "../../engine/org-scope";
import { readGuard, resourceGuard } from "../../plugins/permissions";
import { formatDateTime } from "../../services/datetime";
import { listIdentities, type ListedIdentity } from "../../services/user-list";
import { defaultPermissions } from "../../services/user-permissions";
import { addIdentity, changeIdentity, findIdentity, removeIdentity, type ManagedRole } from "../../services/users";
import { route } from "../../engine/route";

/** A resource that declares the whole CRUD family and both forms. */
export type CrudResource = ResourceDecl & {
  api: Required<Pick<ResourceDecl["api"], "list" | "create" | "update" | "remove">> & ResourceDecl["api"];
  forms: Required<ResourceDecl["forms"]>;
};

/** One user-management family: its declaration, the role it manages and how its permissions are read. */
export interface UserFamily {
  resource: CrudResource;
  role: ManagedRole;
  /** Normalises the form's `userop`; `undefined` when not given. Families without one ignore it. */
  userop?: (text: string | undefined) => string | undefined;
  /** Normalises the form's `useropex` (sub-admins); its presence also puts UserOpEx on the rows. */
  useropex?: (text: string | undefined) => string | undefined;
  /** `$id` of the list's query schema; `list.query` (up to 100 a page) by default. */
  listQuery?: string;
}

interface CreateBody {
  name: string;
  mobile: string;
  passwd: string;
  nick?: string;
  userop?: string;
  useropex?: string;
}

interface EditBody {
  id: number;
  name: string;
  mobile: string;
  userop?: string;
  useropex?: string;
}

const sameEndpoint = (a: Endpoint, b: Endpoint) => a.method === b.method && a.path === b.path && a.host === b.host;

/**
 * Registers list, search, add, change and remove for one family, from its resource declaration:
 * the endpoints, the schemas that validate them and the menu key that guards them. The guard runs
 * once, before validation (engine/route.ts); handlers reach the rows only through the session's
 * organisation scope.
 */
export function registerUserFamily(app: FastifyInstance, { db, config }: Ctx, family: UserFamily) {
  const { resource, role } = family;
  const guard = resourceGuard(resource);
  const reading = readGuard(resource);
  const tags = ["users"];
  const scopeOf = (request: FastifyRequest) => ({ org: orgScope(request, db), role, resource: resource.name });
  const wire = (r: ListedIdentity): PersonRow => ({
    Id: r.id,
    Name: r.name,
    Mobile: r.mobile,
    Nick: r.nick,
    UpdateTime: formatDateTime(r.updated_at),
    UserOp: r.userop,
    ...(family.useropex ? { UserOpEx: r.useropex } : {}),
  });

  const list = async (request: FastifyRequest) => {
    const { page, count, key } = request.query as { page: number; count: number; key?: string };
    const { rows, total } = await listIdentities(orgScope(request, db), { role, page, count, key });
    return ok(rows.map(wire), { count: total });
  };
  const listSummary = `${resource.title}: one page, newest change first; key filters by a name fragment or 3+ digits of the mobile`;
  const listQuery = family.listQuery ?? "list.query";
  route(app, resource.api.list, { query: listQuery, guard: reading, summary: listSummary, tags }, list);
  if (resource.api.search && !sameEndpoint(resource.api.search, resource.api.list))
    route(app, resource.api.search, { query: listQuery, guard: reading, summary: listSummary, tags }, list);

  route(app, resource.api.create, { body: resource.forms.create, guard, summary: `${resource.title}: add`, tags }, async (request) => {
    const scope = scopeOf(request);
    const body = request.body as CreateBody;
    const defaults = defaultPermissions[role];
    const { id, passwordKept } = await addIdentity(
      scope,
      {
        name: body.name.trim(),
        mobile: body.mobile,
        passwd: body.passwd,
        nick: (body.nick ?? "").trim(),
        userop: family.userop?.(body.userop) ?? defaults.userop,
        useropex: family.useropex?.(body.useropex) ?? defaults.useropex,
      },
      config.passwordMemoryKiB,
    );
    return ok(wire(await findIdentity(scope, id)), { msg: passwordKept ? `添加成功，${personMessages.passwordKept}` : "添加成功" });
  });

  route(app, resource.api.update, { body: resource.forms.edit, guard, summary: `${resource.title}: change`, tags }, async (request) => {
    const scope = scopeOf(request);
    const body = request.body as EditBody;
    await changeIdentity(scope, {
      id: body.id,
      name: body.name.trim(),
      mobile: body.mobile,
      userop: family.userop?.(body.userop),
      useropex: family.useropex?.(body.useropex),
    });
    return ok(wire(await findIdentity(scope, body.id)), { msg: "修改成功" });
  });

  route(app, resource.api.remove, { query: "id.query", guard, summary: `${resource.title}: remove the record (the person stays)`, tags }, async (request) => {
    await removeIdentity(scopeOf(request), (request.query as { id: number }).id);
    return ok(null, { msg: "删除成功" });
  });
}
