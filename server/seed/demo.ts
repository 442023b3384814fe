import type { Db } from "../db/database";
import type { Role } from "../db/schema";
import { moveBalance, openingBalance } from "../engine/ledger";
import { hashPassword } from "../services/passwords";
import { portalCloudDisk, saveExtendedPermissions, savePermissions, savePortalPermissions } from "../../resources/kernel/menu";
import { demoName } from "./names";

export const DEMO_PASSWORD = "demo1234";

/**
 * The demo accounts of the spec's conventions, exactly. `says` is how the start banner and the
 * README's table describe each (tests/kernel/server/readme.test.ts holds them to one wording).
 */
export const demoAccounts = [
  { mobile: "13800000000", name: "张校长", roles: [["示例学校", "admin"]], says: "main admin of 示例学校" },
  { mobile: "13800000001", name: "李老师", roles: [["示例学校", "teacher"]], says: "teacher in 示例学校" },
  { mobile: "13800000002", name: "王助教", roles: [["示例学校", "assistant"]], says: "assistant in 示例学校" },
  { mobile: "13800000003", name: "赵同学", roles: [["示例学校", "student"]], says: "student in 示例学校" },
  { mobile: "13800000004", name: "周主管", roles: [["示例学校", "subadmin"]], says: "sub-admin in 示例学校 with only user-management menus" },
  // An admin with every menu the main admin can grant: a sub-admin, as the spec's conventions call any admin but the main one.
  { mobile: "13800000009", name: "吴双", roles: [["示例学校", "subadmin"], ["第二学校", "teacher"]], says: "admin in 示例学校 (a sub-admin with every menu) and teacher in 第二学校; chooses on /identity" },
  { mobile: "13900000000", name: "孙校长", roles: [["第二学校", "admin"]], says: "main admin of 第二学校" },
] as const satisfies readonly { mobile: string; name: string; roles: readonly (readonly [string, Role])[]; says: string }[];

const userManagementKeys = ["teacherop", "assistantop", "studentop", "mediaUploadMgr"];
const allSubadminKeys = savePermissions(
  ["accountOverview", "recharge", "rechargerecord", "costrecord", "costrecordv2", "teacherop", "assistantop", "studentop", "courseop", "liveop", "vodcourseop", "vodop", "clouddiskop", "messageop"],
);

function permissionsFor(mobile: string, role: Role): string {
  if (role === "subadmin") return JSON.stringify(mobile === "13800000004" ? savePermissions(userManagementKeys) : allSubadminKeys);
  if (role === "teacher" || role === "assistant") return JSON.stringify(savePortalPermissions(role, Object.values(portalCloudDisk[role])));
  return "[]";
}

const extendedFor = (role: Role) => (role === "subadmin" ? JSON.stringify(saveExtendedPermissions(["bigClass", "smallClass"])) : "[]");

/** True when the database holds no person yet: the demo is seeded only then. */
export async function isEmpty(db: Db): Promise<boolean> {
  const row = await db.kysely.selectFrom("persons").select("id").limit(1).executeTakeFirst();
  return !row;
}

/**
 * Seeds the demo organisations and people. Every demo account has its own salted hash; the
 * bulk demo people share one hash of the same password, since hashing hundreds of them at
 * OWASP cost would make a first start take minutes.
 */
export async function seedDemo(db: Db, opts: { passwordMemoryKiB: number; students?: number }): Promise<void> {
  const now = Date.now();
  const k = db.kysely;
  await k.transaction().execute(async (tx) => {
    const orgIds = new Map<string, number>();
    for (const [name, balance] of [["示例学校", 12_345_678], ["第二学校", 2_000_000]] as const) {
      const { id } = await tx.insertInto("organisations").values({ name, balance_milli: 0, created_at: now }).returning("id").executeTakeFirstOrThrow();
      await moveBalance(tx, id, openingBalance(balance), now);
      // The overview's low-balance warning at 1000 yuan, told to the school's main admin.
      await tx.insertInto("balance_alerts").values({ org_id: id, config: "1000", updated_at: now }).execute();
      orgIds.set(name, id);
    }
    // The demo accounts registered themselves; the bulk people were added by their school and
    // never signed in, so their mobile is one the school may still change (services/users.ts).
    const addPerson = async (mobile: string, nickname: string, password_hash: string, created_by_org: number | null = null) =>
      (await tx.insertInto("persons").values({ mobile, password_hash, nickname, headimg: "", created_by_org, created_at: now, updated_at: now }).returning("id").executeTakeFirstOrThrow()).id;
    const addIdentity = (person_id: number, org: string, role: Role, name: string, mobile: string) =>
      tx
        .insertInto("identities")
        .values({ person_id, org_id: orgIds.get(org)!, role, name, nick: name, userop: permissionsFor(mobile, role), useropex: extendedFor(role), created_at: now, updated_at: now })
        .execute();

    for (const a of demoAccounts) {
      const id = await addPerson(a.mobile, a.name, await hashPassword(DEMO_PASSWORD, opts.passwordMemoryKiB));
      for (const [org, role] of a.roles) await addIdentity(id, org, role, a.name, a.mobile);
    }

    const shared = await hashPassword(DEMO_PASSWORD, opts.passwordMemoryKiB);
    const bulk: { org: string; role: Role; count: number; prefix: string }[] = [
      { org: "示例学校", role: "teacher", count: 12, prefix: "1371000" },
      { org: "示例学校", role: "assistant", count: 6, prefix: "1372000" },
      { org: "示例学校", role: "student", count: opts.students ?? 320, prefix: "1373000" },
      { org: "第二学校", role: "teacher", count: 4, prefix: "1374000" },
      { org: "第二学校", role: "student", count: 40, prefix: "1375000" },
    ];
    let n = 0;
    for (const b of bulk)
      for (let i = 1; i <= b.count; i++) {
        const mobile = b.prefix + String(i).padStart(4, "0");
        const name = demoName(n++);
        const id = await addPerson(mobile, name, shared, orgIds.get(b.org)!);
        await addIdentity(id, b.org, b.role, name, mobile);
      }
  });
}
