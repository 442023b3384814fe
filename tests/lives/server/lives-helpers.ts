import type { LiveRecord } from "../../../resources/lives/live-api";
import { savePermissions } from "../../../resources/kernel/menu";
import type { TestServer } from "../../kernel/server/helpers";

/** The organisation's id by name. */
export const orgIdOf = async (s: TestServer, name: string) =>
  (await s.db.kysely.selectFrom("organisations").select("id").where("name", "=", name).executeTakeFirstOrThrow()).id;

/** Gives the demo sub-admin 13800000004 exactly these menu keys; its session reads them on its next call. */
export async function grantSubadmin(s: TestServer, keys: Iterable<string>) {
  const person = await s.db.kysely.selectFrom("persons").select("id").where("mobile", "=", "13800000004").executeTakeFirstOrThrow();
  await s.db.kysely
    .updateTable("identities")
    .set({ userop: JSON.stringify(savePermissions(keys)) })
    .where("person_id", "=", person.id)
    .where("role", "=", "subadmin")
    .execute();
}

/** Every live of an organisation as the database holds it, with its main teacher, newest start first. */
export async function livesInDb(s: TestServer, orgId: number) {
  const lives = await s.db.kysely
    .selectFrom("lives as l")
    .innerJoin("courses as c", "c.id", "l.course_id")
    .select(["l.id", "l.title", "l.course_id", "l.status", "l.begin_time", "l.voided", "l.master_id", "l.scale", "c.type as course_type"])
    .where("l.org_id", "=", orgId)
    .orderBy("l.begin_time", "desc")
    .orderBy("l.id", "desc")
    .execute();
  const mains = await s.db.kysely.selectFrom("live_staff").select(["live_id", "identity_id"]).where("role", "=", "teacher").where("position", "=", 0).execute();
  const mainOf = new Map(mains.map((m) => [m.live_id, m.identity_id]));
  return lives.map((l) => ({ ...l, teacher: mainOf.get(l.id) }));
}

export const ids = (rows: unknown) => (rows as LiveRecord[]).map((r) => r.Id);
