import type { FastifyInstance } from "fastify";
import { authApi } from "../../../resources/auth";
import type { Ctx } from "../../context";
import { ApiError, ok } from "../../plugins/envelope";
import { endAllSessions, endSession, needIdentity } from "../../plugins/session";
import { consumeSmsCode, issueSmsCode } from "../../services/codes";
import { hashPassword } from "../../services/passwords";
import { route } from "../define";

const tags = ["registration"];

export default async function registerRoutes(app: FastifyInstance, { db, messages, config }: Ctx) {
  const personByMobile = (mobile: string) =>
    db.kysely.selectFrom("persons").select("id").where("mobile", "=", mobile).executeTakeFirst();

  route(app, authApi.registerCode, { query: "sms.code-request", summary: "SMS code for registration", tags }, async (request) => {
    const { mobile } = request.query as { mobile: string };
    if (await personByMobile(mobile)) throw new ApiError(1, "该手机号已注册，请直接登录");
    await issueSmsCode(db, messages, mobile, "register");
    return ok(null, { msg: "获取成功" });
  });

  route(app, authApi.register, { body: "register", summary: "Register a person", tags }, async (request) => {
    const { mobile, auth_code, passwd, name } = request.body as { mobile: string; auth_code: string; passwd: string; name?: string };
    if (await personByMobile(mobile)) throw new ApiError(1, "该手机号已注册，请直接登录");
    await consumeSmsCode(db, mobile, "register", auth_code);
    const now = Date.now();
    const password_hash = await hashPassword(passwd, config.passwordMemoryKiB);
    await db.kysely
      .insertInto("persons")
      .values({ mobile, password_hash, nickname: name ?? "", headimg: "", created_at: now, updated_at: now })
      .onConflict((oc) => oc.column("mobile").doNothing())
      .execute();
    return ok(null, { msg: "注册成功" });
  });

  route(app, authApi.retrieveCode, { query: "sms.code-request", summary: "SMS code to retrieve a password", tags }, async (request) => {
    const { mobile } = request.query as { mobile: string };
    if (!(await personByMobile(mobile))) throw new ApiError(1, "该手机号尚未注册");
    await issueSmsCode(db, messages, mobile, "retrieve");
    return ok(null, { msg: "获取成功" });
  });

  route(app, authApi.retrieve, { body: "retrieve", summary: "Set a new password with an SMS code", tags }, async (request) => {
    const { mobile, auth_code, passwd } = request.body as { mobile: string; auth_code: string; passwd: string };
    const person = await personByMobile(mobile);
    if (!person) throw new ApiError(1, "该手机号尚未注册");
    await consumeSmsCode(db, mobile, "retrieve", auth_code);
    const password_hash = await hashPassword(passwd, config.passwordMemoryKiB);
    await db.kysely.updateTable("persons").set({ password_hash, updated_at: Date.now() }).where("id", "=", person.id).execute();
    await endAllSessions(db, person.id);
    return ok(null, { msg: "修改成功" });
  });

  route(app, authApi.ownSmsCode, { summary: "SMS code to the signed-in admin's own phone", tags: ["account"] }, async (request) => {
    const { person } = needIdentity(request, "admin");
    await issueSmsCode(db, messages, person.mobile, "chgpasswd");
    return ok(null, { msg: "验证码已发送" });
  });

  route(app, authApi.changePassword, { body: "chgpasswd", summary: "Change the admin's password; signs every session out", tags: ["account"] }, async (request, reply) => {
    const { person } = needIdentity(request, "admin");
    const { auth_code, passwd } = request.body as { auth_code: string; passwd: string };
    await consumeSmsCode(db, person.mobile, "chgpasswd", auth_code);
    const password_hash = await hashPassword(passwd, config.passwordMemoryKiB);
    await db.kysely.updateTable("persons").set({ password_hash, updated_at: Date.now() }).where("id", "=", person.id).execute();
    await endSession(db, reply, request);
    await endAllSessions(db, person.id);
    return ok(null, { msg: "密码修改成功，请重新登录" });
  });
}
