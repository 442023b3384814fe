import type { FastifyRequest } from "fastify";
import type { CallGroup } from "../../../resources/kernel/call";
import { personMessages, type PersonRow } from "../../../resources/users/person";
import type { CrudResource, FamilyCalls } from "../../../resources/users/calls";
import { defineFeature } from "../../engine/calls";
import { orgScope } from "../../engine/org-scope";
import { ok } from "../../plugins/envelope";
import { formatDateTime } from "../../services/datetime";
import { listIdentities, type ListedIdentity } from "../../services/user-list";
import { defaultPermissions } from "../../services/user-permissions";
import { addIdentity, changeIdentity, findIdentity, removeIdentity, type ManagedRole } from "../../services/users";

/** One user-management family: its calls, the role it manages and how its permissions are read. */
export interface UserFamily {
  group: CallGroup<FamilyCalls>;
  resource: CrudResource;
  role: ManagedRole;
  /** Normalises the form's `userop`; `undefined` when not given. Families without one ignore it. */
  userop?: (text: string | undefined) => string | undefined;
  /** Normalises the form's `useropex` (sub-admins); its presence also puts UserOpEx on the rows. */
  useropex?: (text: string | undefined) => string | undefined;
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

/**
 * The handlers of one family's list, search, add, change and remove: the same code for every
 * family. They reach the rows only through the session's organisation scope, and each write
 * leaves its audit row in its transaction (services/users.ts).
 */
export const userFamily = (family: UserFamily) =>
  defineFeature({
    group: family.group,
    handlers: ({ db, config }) => {
      const { resource, role } = family;
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
      return {
        list,
        search: list,
        create: async (request) => {
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
        },
        update: async (request) => {
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
        },
        remove: async (request) => {
          await removeIdentity(scopeOf(request), (request.query as { id: number }).id);
          return ok(null, { msg: "删除成功" });
        },
      };
    },
  });
