import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrganisation } from "../../../server/services/organisations";
import { signIn, startTestServer, type TestServer } from "../../kernel/server/helpers";

/** `npm run create-organisation`'s service: the first console user of a database without the demo. */
describe("createOrganisation", () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ seed: false });
  });
  afterAll(() => s.close());

  const school = { name: "新开学校", mobile: "13911112222", adminName: "钱校长", password: "abc12345", balanceYuan: 500 };

  it("makes an organisation whose main admin signs in to its console with its balance", async () => {
    const { orgId } = await createOrganisation(s.db, school, 64);
    const cookie = await signIn(s.app, school.mobile, "admin", school.password);
    expect((await s.app.inject({ url: "/cms/enterprisename", headers: { cookie } })).json().data).toEqual({ name: "新开学校", certified: false });
    const org = await s.db.kysely.selectFrom("organisations").select(["balance_milli"]).where("id", "=", orgId).executeTakeFirstOrThrow();
    expect(Number(org.balance_milli)).toBe(500_000);
  });

  it("gives a known mobile a second organisation without touching its password", async () => {
    await createOrganisation(s.db, { ...school, name: "第二学校", password: "" }, 64);
    const cookie = await signIn(s.app, school.mobile, undefined, school.password);
    const admins = (await s.app.inject({ url: "/cms/login", headers: { cookie } })).json().data.admin as { name: string }[];
    expect(admins.map((a) => a.name).sort()).toEqual(["新开学校", "第二学校"].sort());
  });

  it("refuses what the forms refuse, with their words, and writes nothing", async () => {
    const before = await s.db.kysely.selectFrom("organisations").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    await expect(createOrganisation(s.db, { ...school, mobile: "1391111" }, 64)).rejects.toThrow("请填写正确的手机号");
    await expect(createOrganisation(s.db, { ...school, mobile: "13911113333", password: "123456" }, 64)).rejects.toThrow("您的密码复杂度太低");
    await expect(createOrganisation(s.db, { ...school, mobile: "13911113333", balanceYuan: -1 }, 64)).rejects.toThrow("余额");
    const after = await s.db.kysely.selectFrom("organisations").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
