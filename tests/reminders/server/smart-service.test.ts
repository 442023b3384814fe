import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reminderApi, reminderConfigDefaults, reminderMessages } from "../../../resources/reminders/smart-reminder";
import { liveMessages } from "../../../resources/lives/live-api";
import { buildApp } from "../../../server/app";
import { moveBalance, reconcile } from "../../../server/engine/ledger";
import { formatDateTime } from "../../../server/services/datetime";
import { serviceFeeRef } from "../../../server/services/reminders/smart-service";
import { seededDatabase, signIn } from "../../kernel/server/helpers";
import { freezeClock } from "../../kernel/support/clock";

// The fee's year and the paid-until date are named below: the tests run at one instant.
freezeClock("2026-11-24T10:00:00+08:00");

/**
 * The smart reminder service's calls (issue 19 item 7; 3 §2.7, §7.7, §9): the times saved and
 * read within the spec's choices, the one-way switch and its yearly fee charged once through the
 * ledger, refused (918) under the pay type, per organisation, and only for the menu key. On
 * PostgreSQL the parallel enables come through two apps (two server processes) on one database.
 */
const on = process.env.DATABASE_URL ? "PostgreSQL" : "SQLite";
const FEE = 1_998_000;
/** A year after the frozen instant, as the server writes times (its local zone). */
const YEAR_ON = formatDateTime(new Date("2027-11-24T10:00:00+08:00").getTime());

let app: FastifyInstance;
let twin: FastifyInstance;
let seeded: Awaited<ReturnType<typeof seededDatabase>>;
let admin: string;
let other: string;
let school: number;
let second: number;

beforeAll(async () => {
  seeded = await seededDatabase();
  app = await buildApp({ db: seeded.db, config: seeded.config, messages: seeded.messages });
  twin = await buildApp({ db: seeded.db, config: seeded.config, messages: seeded.messages });
  admin = await signIn(app, "13800000000", "admin");
  other = await signIn(app, "13900000000", "admin");
  const orgId = async (name: string) => (await seeded.db.kysely.selectFrom("organisations").select("id").where("name", "=", name).executeTakeFirstOrThrow()).id;
  school = await orgId("示例学校");
  second = await orgId("第二学校");
});
afterAll(async () => {
  await app.close();
  await twin.close();
  await seeded.db.close();
  await seeded.fresh.drop();
});

type Answer = { status: number; code: number; msg: string; data: Record<string, unknown> };
const call = (method: "GET" | "POST" | "PATCH", url: string, cookie: string, payload?: object, via = app): Promise<Answer> =>
  via.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) }).then((r) => ({ status: r.statusCode, ...(r.json() as Omit<Answer, "status">) }));
const balance = async (org: number) => Number((await seeded.db.kysely.selectFrom("organisations").select("balance_milli").where("id", "=", org).executeTakeFirstOrThrow()).balance_milli);
const feeRows = (org: number) => seeded.db.kysely.selectFrom("ledger").select(["kind", "amount_milli"]).where("org_id", "=", org).where("ref", "like", "smart:%").execute();

describe(`the reminder times (${on})`, () => {
  it("reads the defaults (nothing sent) until saved, saves a group field by field, and says 配置保存成功", async () => {
    expect((await call("GET", reminderApi.config.path, admin)).data).toEqual(reminderConfigDefaults);
    const saved = await call("PATCH", reminderApi.configSet.path, admin, { student: { before: 3600 }, teachervoice: { after: 300 } });
    expect(saved).toMatchObject({ code: 0, msg: reminderMessages.saved });
    await call("PATCH", reminderApi.configSet.path, admin, { student: { after: 180 } });
    expect((await call("GET", reminderApi.config.path, admin)).data).toEqual({
      ...reminderConfigDefaults,
      student: { before: 3600, after: 180 },
      teachervoice: { before: 0, after: 300 },
    });
  });

  it("stores the record as JSON text in one column and carries it as itself, groups as objects (the single-record engine's json without wire)", async () => {
    const row = await seeded.db.kysely.selectFrom("smart_reminders").select("config").where("org_id", "=", school).executeTakeFirstOrThrow();
    expect(JSON.parse(row.config)).toEqual((await call("GET", reminderApi.config.path, admin)).data);
    // A group sent as anything but an object is the schema's refusal, not a stored value.
    const refused = await call("PATCH", reminderApi.configSet.path, admin, { teacher: "3600" });
    expect(refused.code).not.toBe(0);
    expect(refused.msg).toBe("配置格式不正确");
  });

  it("takes only the spec's choices (60, 180, 300, 600, 900, 1800, 3600 seconds, or 0 for none)", async () => {
    for (const bad of [1234, -60, 7200, 59.5]) {
      const refused = await call("PATCH", reminderApi.configSet.path, admin, { teacher: { before: bad } });
      expect(refused.code, String(bad)).not.toBe(0);
      expect(refused.msg).toBe("提醒时间只能选择1、3、5、10、15、30或60分钟");
    }
    expect((await call("GET", reminderApi.config.path, admin)).data.teacher).toEqual({ before: 0, after: 0 });
    for (const good of [60, 180, 300, 600, 900, 1800, 3600, 0]) expect((await call("PATCH", reminderApi.configSet.path, admin, { teacher: { before: good } })).code).toBe(0);
  });

  it("keeps each organisation's times its own", async () => {
    expect((await call("GET", reminderApi.config.path, other)).data).toEqual(reminderConfigDefaults);
    await call("PATCH", reminderApi.configSet.path, other, { teacher: { after: 60 } });
    expect(((await call("GET", reminderApi.config.path, admin)).data.teacher as { after: number }).after).toBe(0);
  });
});

describe(`the one-way switch and its yearly fee (${on})`, () => {
  it("is off at first; parallel enables from two processes charge 1998 yuan once and turn it on for a year", async () => {
    expect((await call("GET", reminderApi.status.path, admin)).data).toEqual({ status: 0, paidUntil: "" });
    const before = await balance(school);
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => call("POST", reminderApi.enable.path, admin, {}, i % 2 ? twin : app)));
    for (const a of answers) expect(a).toMatchObject({ code: 0, data: { status: 1, paidUntil: YEAR_ON } });
    expect(await balance(school)).toBe(before - FEE);
    expect(await feeRows(school)).toEqual([{ kind: "consumption", amount_milli: -FEE }]);
    const ref = await seeded.db.kysely.selectFrom("ledger").select("ref").where("org_id", "=", school).where("ref", "like", "smart:%").executeTakeFirstOrThrow();
    expect(ref.ref).toBe(serviceFeeRef(school, 2026));
    // The consumption of type smart (3 §9 consume type 30) on the day, and the ledger still adds up.
    const consumed = await seeded.db.kysely.selectFrom("daily_consumption").select(["value", "cost_milli"]).where("org_id", "=", school).where("type", "=", "smart").execute();
    expect(consumed).toEqual([{ value: 1, cost_milli: FEE }]);
    const { balanceMilli, ledgerMilli } = await reconcile(seeded.db.kysely, school);
    expect(ledgerMilli).toBe(balanceMilli);
    expect((await call("GET", reminderApi.status.path, admin)).data).toEqual({ status: 1, paidUntil: YEAR_ON });
  });

  it("cannot be switched off: enabling again charges nothing, and no call turns it off", async () => {
    const before = await balance(school);
    expect((await call("POST", reminderApi.enable.path, admin, { status: 0 })).data).toMatchObject({ status: 1 });
    expect(await balance(school)).toBe(before);
    for (const method of ["PATCH", "DELETE", "PUT"] as const) {
      const r = await app.inject({ method, url: reminderApi.status.path, headers: { cookie: admin }, payload: { status: 0 } });
      expect(r.json().code, method).not.toBe(0);
    }
    expect((await call("GET", reminderApi.status.path, admin)).data).toMatchObject({ status: 1 });
  });

  it("is another organisation's own: 第二学校 stays off and unpaid", async () => {
    expect((await call("GET", reminderApi.status.path, other)).data).toEqual({ status: 0, paidUntil: "" });
    expect(await feeRows(second)).toEqual([]);
  });

  it("refuses with 918 when the balance cannot cover the fee, or the fee would pass the arrears limit, and then charges nothing", async () => {
    const k = seeded.db.kysely;
    // 第二学校 keeps 1000 yuan: less than the fee.
    await moveBalance(k, second, { kind: "adjustment", amountMilli: 1_000_000 - (await balance(second)), ref: "test:to-1000" });
    const poor = await call("POST", reminderApi.enable.path, other, {});
    expect(poor).toMatchObject({ code: 918, msg: liveMessages.insufficientBalance });
    expect((await call("GET", reminderApi.status.path, other)).data).toMatchObject({ status: 0 });

    // In arrears up to 500 yuan: 1000 - 1998 = -998 is past it.
    await k.updateTable("organisations").set({ pay_type: 2, arrears_limit_milli: 500_000 }).where("id", "=", second).execute();
    expect(await call("POST", reminderApi.enable.path, other, {})).toMatchObject({ code: 918, msg: liveMessages.arrearsLimit });
    expect(await balance(second)).toBe(1_000_000);
    expect(await feeRows(second)).toEqual([]);

    // Up to 1000 yuan it may: the balance goes to -998 yuan.
    await k.updateTable("organisations").set({ arrears_limit_milli: 1_000_000 }).where("id", "=", second).execute();
    expect(await call("POST", reminderApi.enable.path, other, {})).toMatchObject({ code: 0, data: { status: 1 } });
    expect(await balance(second)).toBe(1_000_000 - FEE);
  });
});

describe(`access (${on})`, () => {
  it("refuses a sub-admin without the smartTeaService key every call, and a signed-out caller", async () => {
    const sub = await signIn(app, "13800000004", "admin");
    const before = await balance(school);
    for (const [method, url] of [
      ["GET", reminderApi.status.path],
      ["POST", reminderApi.enable.path],
      ["GET", reminderApi.config.path],
      ["PATCH", reminderApi.configSet.path],
    ] as const) {
      const refused = await call(method, url, sub, method === "GET" ? undefined : { teacher: { before: 60 } });
      expect(refused.status, `${method} ${url}`).toBe(403);
      expect(refused.code).not.toBe(0);
      expect((await call(method, url, "", method === "GET" ? undefined : {})).status).toBe(401);
    }
    expect(await balance(school)).toBe(before);
  });
});
