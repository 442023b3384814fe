import type { Db } from "../db/database";
import { schemaRegistry } from "../plugins/schemas";
import { moveBalance, openingBalance } from "../engine/ledger";
import { hashPassword } from "./passwords";

export interface NewOrganisation {
  /** The organisation's name, as the console's header shows it. */
  name: string;
  /** Its main admin's sign-in mobile and name. */
  mobile: string;
  adminName: string;
  /** The main admin's password; unused when the mobile is already a person (who keeps theirs). */
  password: string;
  /** Opening balance in yuan: a new live is refused (918) while the balance is not above zero. */
  balanceYuan: number;
}

const ruleOf = (id: string) => {
  const schema = schemaRegistry.get(id) as { pattern: string; errorMessage: { pattern: string } };
  return { pattern: new RegExp(schema.pattern), message: schema.errorMessage.pattern };
};

/** What is wrong with `input` (the forms' own phone and password rules), or null. */
export function organisationProblem(input: NewOrganisation, mobileKnown: boolean): string | null {
  if (!input.name.trim() || input.name.length > 50) return "机构名称须为1-50个字符";
  if (!input.adminName.trim() || input.adminName.length > 30) return "管理员姓名须为1-30个字符";
  const phone = ruleOf("phone.def");
  if (!phone.pattern.test(input.mobile)) return phone.message;
  const password = ruleOf("password.def");
  if (!mobileKnown && !password.pattern.test(input.password)) return password.message;
  if (!Number.isFinite(input.balanceYuan) || input.balanceYuan < 0 || input.balanceYuan > 1e9) return "余额须为0-1000000000元";
  return null;
}

/**
 * A new organisation and its main admin: how a deployment without the demo (DEMO=0) gets its
 * first console user (scripts/create-organisation.ts). It creates an organisation, so it is above
 * every organisation's scope and writes the database directly, like the demo seed. A mobile that
 * is already a person gets the admin identity on that person, whose password stays.
 */
export async function createOrganisation(db: Db, input: NewOrganisation, passwordMemoryKiB: number): Promise<{ orgId: number; personId: number }> {
  const k = db.kysely;
  const known = await k.selectFrom("persons").select("id").where("mobile", "=", input.mobile).executeTakeFirst();
  const problem = organisationProblem(input, !!known);
  if (problem) throw new Error(problem);
  const passwordHash = known ? null : await hashPassword(input.password, passwordMemoryKiB);
  const now = Date.now();
  return k.transaction().execute(async (tx) => {
    const { id: orgId } = await tx
      .insertInto("organisations")
      .values({ name: input.name.trim(), balance_milli: 0, created_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    const opening = Math.round(input.balanceYuan * 1000);
    if (opening !== 0) await moveBalance(tx, orgId, openingBalance(opening), now);
    const personId =
      known?.id ??
      (
        await tx
          .insertInto("persons")
          .values({ mobile: input.mobile, password_hash: passwordHash!, nickname: input.adminName.trim(), headimg: "", created_by_org: null, created_at: now, updated_at: now })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    const name = input.adminName.trim();
    await tx.insertInto("identities").values({ person_id: personId, org_id: orgId, role: "admin", name, nick: name, userop: "[]", useropex: "[]", created_at: now, updated_at: now }).execute();
    return { orgId, personId };
  });
}
