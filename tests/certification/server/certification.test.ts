import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { certificationApi, certificationMessages } from "../../../resources/certification/certification";
import type { Endpoint } from "../../../resources/kernel/endpoint";
import { savePermissions } from "../../../resources/kernel/menu";
import { authApi } from "../../../resources/auth/auth";
import { uploadApi } from "../../../resources/kernel/upload";
import { hostPrefixes } from "../../../server/config";
import { defaultRateLimits } from "../../../server/rate-limit-settings";
import { approveCertification } from "../../../server/services/certification/approve";
import { gradientPng } from "../../kernel/fixtures/png";
import { lastOf, signIn, startTestServer, type TestServer } from "../../kernel/server/helpers";

/**
 * Organisation certification (3 §5, §7.6; issue 19 item 5): every missing item refused with its own
 * message in the spec's order, the licence photo's rule (jpeg/png by its bytes, 2 MB), the contact
 * mobile's SMS code, submit then modify, the operator's approval and the top bar's mark, and the
 * organisation and menu-key walls. On SQLite, and on PostgreSQL with DATABASE_URL.
 */
let s: TestServer;
let admin: string;
let other: string;
let school: number;

beforeAll(async () => {
  // The refusals below are many more than a person makes in a minute: the per-person limit is not what this file tests.
  s = await startTestServer({ config: { rateLimits: { ...defaultRateLimits, certificationPerPerson: { max: 10_000, windowMs: 60_000 } } } });
  admin = await signIn(s.app, "13800000000", "admin");
  other = await signIn(s.app, "13900000000", "admin");
  school = (await s.db.kysely.selectFrom("organisations").select("id").where("name", "=", "示例学校").executeTakeFirstOrThrow()).id;
});
afterAll(() => s.close());

type Answer = { status: number; code: number; msg: string; data: Record<string, unknown> | null; field?: string };
const urlOf = (endpoint: Endpoint) => hostPrefixes[endpoint.host] + endpoint.path;
const call = async (endpoint: Endpoint, payload?: object, cookie = admin): Promise<Answer> => {
  const res = await s.app.inject({ method: endpoint.method, url: urlOf(endpoint), ...(payload ? { payload } : {}), headers: cookie ? { cookie } : {} });
  return { status: res.statusCode, ...(res.json() as Omit<Answer, "status">) };
};

const boundary = "----lectern-certification-boundary";
async function upload(bytes: Buffer, name: string, type: string, cookie = admin) {
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await s.app.inject({
    method: "POST",
    url: `${urlOf(uploadApi.upload)}?rule=company`,
    payload,
    headers: { "content-type": `multipart/form-data; boundary=${boundary}`, ...(cookie ? { cookie } : {}) },
  });
  return { status: res.statusCode, ...(res.json() as { code: number; msg: string; data: { url: string } | null }) };
}

const padded = (head: Buffer, size: number) => Buffer.concat([head, Buffer.alloc(size - head.length)]);

/** A captcha for the mobile, answered from the outbox, then the SMS code it lets the console send. */
async function smsCode(mobile: string, cookie = admin): Promise<string> {
  await s.app.inject({ url: `${authApi.captchaImage.path}?mobile=${mobile}&ts=${Date.now()}` });
  const answer = lastOf(s.outbox(), "captcha", mobile)!.answer!;
  const sent = await call(certificationApi.smsCode, { mobile, validate_code: answer }, cookie);
  expect(sent).toMatchObject({ code: 0, msg: "验证码已发送" });
  const sms = lastOf(s.outbox(), "sms", mobile)!;
  expect(sms.purpose).toBe("certification");
  return sms.code!;
}

let picture = "";
let smsLeft = "";
const complete = () => ({
  certificate_name: "示例学校教育科技有限公司",
  province: "浙江省",
  city: "杭州市",
  region: "西湖区",
  address: "文三路100号",
  certificate_no: "91330106MA2XXXXX0X",
  certificate_picture: picture,
  userName: "张三",
  idCard: "33010619900101123X",
  mobile: "13700000001",
});

describe("the licence photo (3 §5: jpeg or png by its bytes, at most 2 MB)", () => {
  it("takes a PNG of exactly 2 MB and refuses one byte more with 上传图片不能大于2M", async () => {
    const png = gradientPng(2, 2);
    const exact = await upload(padded(png, 2 * 1024 * 1024), "licence.png", "image/png");
    expect(exact.code).toBe(0);
    expect(exact.data!.url).toMatch(/^\/uploads\/[0-9a-f]+\.png$/);
    expect(await upload(padded(png, 2 * 1024 * 1024 + 1), "licence.png", "image/png")).toMatchObject({ code: 400, msg: "上传图片不能大于2M" });
    picture = (await upload(png, "licence.png", "image/png")).data!.url;
  });

  it("refuses what is not a jpeg or png, whatever its name says", async () => {
    expect(await upload(Buffer.from("%PDF-1.7 not an image"), "licence.png", "image/png")).toMatchObject({ code: 400, msg: "请上传jpeg、png格式图片" });
    expect(await upload(Buffer.from("GIF89a......"), "licence.gif", "image/gif")).toMatchObject({ code: 400, msg: "请上传jpeg、png格式图片" });
  });
});

describe("submitting (POST) with an item missing", () => {
  const order: [field: keyof ReturnType<typeof complete>, message: string][] = [
    ["certificate_name", "请输入营业执照名称"],
    ["province", "请选择办公地区所在省份"],
    ["city", "请选择办公地区所在城市"],
    ["region", "请选择办公地区所在区县"],
    ["address", "请输入详细地址"],
    ["certificate_no", "请输入组织机构代码"],
    ["certificate_picture", "请上传营业执照照片"],
    ["userName", "请输入联系人姓名"],
    ["idCard", "请输入身份证号"],
    ["mobile", "请输入联系人手机号"],
  ];

  it("names each missing item with its own message, absent or empty", async () => {
    for (const [field, message] of order) {
      const absent: Record<string, string> = complete();
      delete absent[field];
      expect(await call(certificationApi.submit, absent), field).toMatchObject({ code: 400, msg: message, data: { field } });
      expect(await call(certificationApi.submit, { ...complete(), [field]: "" }), field).toMatchObject({ code: 400, msg: message });
    }
  });

  it("says the first missing item in the spec's order when several are", async () => {
    for (let i = 0; i < order.length; i++) {
      const body: Record<string, string> = complete();
      for (const [field] of order.slice(i)) delete body[field];
      expect((await call(certificationApi.submit, body)).msg).toBe(order[i][1]);
    }
    expect((await call(certificationApi.submit, {})).msg).toBe("请输入营业执照名称");
  });

  it("asks for the SMS code of a contact mobile nobody proved, then refuses a wrong one", async () => {
    expect(await call(certificationApi.submit, complete())).toMatchObject({ code: 400, msg: "请输入短信验证码", data: { field: "validate_code" } });
    expect(await call(certificationApi.submit, { ...complete(), validate_code: "12" })).toMatchObject({ code: 400, msg: "请输入6位数字短信验证码" });
    // No code was ever sent to this mobile.
    expect(await call(certificationApi.submit, { ...complete(), validate_code: "123456" })).toMatchObject({ code: 1, msg: "验证码已失效，请重新获取" });
    const code = await smsCode("13700000001");
    const wrong = code === "000000" ? "111111" : "000000";
    expect(await call(certificationApi.submit, { ...complete(), validate_code: wrong })).toMatchObject({ code: 1, msg: "验证码错误", data: { field: "validate_code" } });
    expect(await s.db.kysely.selectFrom("certifications").selectAll().execute()).toEqual([]);
    // A wrong try leaves the code for the right one (four tries are left); a second one within 60 s is refused.
    smsLeft = code;
  });

  it("refuses malformed items, a place not in the dataset and a photo that is not the organisation's upload", async () => {
    expect((await call(certificationApi.submit, { ...complete(), idCard: "1234" })).msg).toBe("请输入正确的身份证号");
    expect((await call(certificationApi.submit, { ...complete(), mobile: "12345" })).msg).toBe("请填写正确的手机号");
    expect((await call(certificationApi.submit, { ...complete(), certificate_no: "代码" })).msg).toBe("请输入正确的组织机构代码（8至20位字母、数字）");
    expect((await call(certificationApi.submit, { ...complete(), certificate_picture: "http://evil.example/x.png" })).msg).toBe(certificationMessages.badPicture);
    const code = smsLeft;
    expect(await call(certificationApi.submit, { ...complete(), city: "宁波市", validate_code: code })).toMatchObject({ code: 400, msg: certificationMessages.badRegion, data: { field: "region" } });
    expect(await call(certificationApi.submit, { ...complete(), certificate_picture: "/uploads/0123456789abcdef.png", validate_code: code })).toMatchObject({ code: 400, msg: certificationMessages.badPicture });
    // Those refusals did not spend the code: it still submits below.
  });

  it("refuses the captcha-less or wrongly answered code request", async () => {
    expect(await call(certificationApi.smsCode, { mobile: "13700000002" })).toMatchObject({ code: 400, msg: "请输入图形验证码" });
    expect(await call(certificationApi.smsCode, { mobile: "13700000002", validate_code: "WRONG" })).toMatchObject({ code: 1, msg: "图形验证码错误" });
    expect(lastOf(s.outbox(), "sms", "13700000002")).toBeUndefined();
  });
});

describe("submit, modify, approval", () => {
  it("refuses a modify before anything was submitted", async () => {
    expect(await call(certificationApi.modify, { ...complete(), validate_code: smsLeft })).toMatchObject({ code: 1, msg: certificationMessages.missing });
    expect(await call(certificationApi.get)).toMatchObject({ code: 0, data: { state: "", certificate_name: "", last_modified: "" } });
  });

  it("submits once (提交成功), then a second POST is refused and PATCH modifies without a new code while the mobile stays", async () => {
    const submitted = await call(certificationApi.submit, { ...complete(), validate_code: smsLeft });
    expect(submitted).toMatchObject({ code: 0, msg: "提交成功", data: { state: "validating", mobile: "13700000001", verified_mobile: "13700000001" } });
    expect(await call(certificationApi.submit, { ...complete(), validate_code: smsLeft })).toMatchObject({ code: 1, msg: certificationMessages.exists });
    const read = await call(certificationApi.get);
    expect(read.data).toMatchObject({ ...complete(), state: "validating", verified_mobile: "13700000001" });
    expect(read.data!.last_modified).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    expect(await call(certificationApi.modify, { ...complete(), address: "文三路200号" })).toMatchObject({ code: 0, msg: "修改成功", data: { address: "文三路200号" } });
    // The code was single use.
    expect(await call(certificationApi.modify, { ...complete(), mobile: "13700000003", validate_code: smsLeft })).toMatchObject({ code: 1 });
  });

  it("asks a changed contact mobile for its own code", async () => {
    expect(await call(certificationApi.modify, { ...complete(), mobile: "13700000003" })).toMatchObject({ code: 400, msg: "请输入短信验证码" });
    // A caller claiming the new mobile is verified is judged against the stored record.
    expect(await call(certificationApi.modify, { ...complete(), mobile: "13700000003", verified_mobile: "13700000003" })).toMatchObject({ code: 400, msg: "请输入短信验证码" });
    const code = await smsCode("13700000003");
    expect(await call(certificationApi.modify, { ...complete(), mobile: "13700000003", validate_code: code })).toMatchObject({ code: 0, data: { mobile: "13700000003", verified_mobile: "13700000003" } });
  });

  it("is certified once the operator approves, shown beside the organisation's name, and a change waits for approval again", async () => {
    const name = async () => (await s.app.inject({ url: authApi.enterpriseName.path, headers: { cookie: admin } })).json().data;
    expect(await name()).toEqual({ name: "示例学校", certified: false });
    expect(await approveCertification(s.db, school)).toBe("approved");
    expect(await approveCertification(s.db, school)).toBe("already certified");
    expect((await call(certificationApi.get)).data).toMatchObject({ state: "validate-complete" });
    expect(await name()).toEqual({ name: "示例学校", certified: true });
    const secondSchool = (await s.db.kysely.selectFrom("organisations").select("id").where("name", "=", "第二学校").executeTakeFirstOrThrow()).id;
    expect(await approveCertification(s.db, secondSchool)).toBe("nothing submitted");

    expect(await call(certificationApi.modify, { ...complete(), mobile: "13700000003", address: "文三路300号" })).toMatchObject({ code: 0, data: { state: "validating" } });
    expect(await name()).toEqual({ name: "示例学校", certified: false });
  });
});

describe("who may", () => {
  it("keeps each organisation's record its own", async () => {
    expect(await call(certificationApi.get, undefined, other)).toMatchObject({ code: 0, data: { state: "", certificate_name: "" } });
    // Another organisation cannot modify it, nor use this organisation's upload as its photo.
    expect(await call(certificationApi.modify, { ...complete(), mobile: "13700000003" }, other)).toMatchObject({ code: 1, msg: certificationMessages.missing });
    const code = await smsCode("13700000004", other);
    expect(await call(certificationApi.submit, { ...complete(), mobile: "13700000004", validate_code: code }, other)).toMatchObject({ code: 400, msg: certificationMessages.badPicture });
  });

  it("refuses a sub-admin without the groupCertification key, and no session", async () => {
    const person = await s.db.kysely.selectFrom("persons").select("id").where("mobile", "=", "13800000004").executeTakeFirstOrThrow();
    const sub = await signIn(s.app, "13800000004", "admin");
    for (const endpoint of [certificationApi.get, certificationApi.submit, certificationApi.modify, certificationApi.smsCode]) {
      expect(await call(endpoint, endpoint.method === "GET" ? undefined : complete(), sub), endpoint.method).toMatchObject({ status: 403, msg: "拒绝访问" });
      expect((await call(endpoint, endpoint.method === "GET" ? undefined : complete(), "")).status).toBe(401);
    }
    expect(await upload(gradientPng(2, 2), "licence.png", "image/png", sub)).toMatchObject({ code: 403 });

    await s.db.kysely.updateTable("identities").set({ userop: JSON.stringify(savePermissions(["groupCertification"])) }).where("person_id", "=", person.id).where("role", "=", "subadmin").execute();
    const granted = await signIn(s.app, "13800000004", "admin");
    expect((await call(certificationApi.get, undefined, granted)).data).toMatchObject({ state: "validating" });
    expect((await upload(gradientPng(2, 2), "licence.png", "image/png", granted)).code).toBe(0);
  });
});
