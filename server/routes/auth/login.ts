import type { FastifyInstance } from "fastify";
import { authApi, loginCodes } from "../../../resources/auth";
import { captchaPng } from "../../adapters/captcha-image";
import type { Ctx } from "../../context";
import { ApiError, ok } from "../../plugins/envelope";
import { endSession, startSession } from "../../plugins/session";
import { consumeCaptcha, consumeSmsCode, issueCaptcha, issueSmsCode } from "../../services/codes";
import { burnDecoy, verifyPassword } from "../../services/passwords";
import { route } from "../define";

const tags = ["sign-in"];

export default async function loginRoutes(app: FastifyInstance, { db, messages, config }: Ctx) {
  const findPerson = (mobile: string) =>
    db.kysely.selectFrom("persons").select(["id", "password_hash"]).where("mobile", "=", mobile).executeTakeFirst();

  route(app, authApi.tryLogin, { summary: "Auto-login: the session's identity type", tags }, async (request) => {
    if (!request.auth) throw new ApiError(401, "未授权，请登录", 401);
    const type = request.auth.identity?.type ?? null;
    return ok({ type }, { type });
  });

  route(app, authApi.passwordLogin, { body: "login.password", summary: "Password login (900 wrong, 904 captcha wrong)", tags }, async (request, reply) => {
    const { mobile, passwd, authcode } = request.body as { mobile: string; passwd: string; authcode?: string };
    const guard = await db.kysely.selectFrom("login_guards").selectAll().where("mobile", "=", mobile).executeTakeFirst();
    // After a failure the next attempt for that mobile must carry a right, unused captcha.
    if (guard?.need_captcha && !(await consumeCaptcha(db, mobile, authcode)))
      throw new ApiError(loginCodes.wrongCaptcha, "验证码错误", 200, { needCaptcha: true });
    const person = await findPerson(mobile);
    const valid = person ? await verifyPassword(passwd, person.password_hash) : (await burnDecoy(passwd, config.passwordMemoryKiB), false);
    if (!person || !valid) {
      const now = Date.now();
      await db.kysely
        .insertInto("login_guards")
        .values({ mobile, need_captcha: 1, failures: 1, updated_at: now })
        .onConflict((oc) => oc.column("mobile").doUpdateSet({ need_captcha: 1, failures: (guard?.failures ?? 0) + 1, updated_at: now }))
        .execute();
      throw new ApiError(loginCodes.wrongPassword, "用户名或密码错误", 200, { needCaptcha: true });
    }
    if (guard) await db.kysely.deleteFrom("login_guards").where("mobile", "=", mobile).execute();
    await startSession(db, reply, request, person.id);
    return ok(null, { msg: "登录成功" });
  });

  route(app, authApi.captchaImage, { query: "captcha.request", summary: "Graphic captcha image for a mobile", tags }, async (request, reply) => {
    const { mobile } = request.query as { mobile: string };
    const answer = await issueCaptcha(db, messages, mobile);
    return reply.header("cache-control", "no-store").type("image/png").send(captchaPng(answer));
  });

  route(app, authApi.loginCode, { query: "login.code-request", summary: "SMS code for quick login, behind a graphic captcha", tags }, async (request) => {
    const { mobile, authcode } = request.query as { mobile: string; authcode: string };
    if (!(await consumeCaptcha(db, mobile, authcode))) throw new ApiError(loginCodes.wrongCaptcha, "图形验证码错误");
    if (!(await findPerson(mobile))) throw new ApiError(1, "该手机号尚未注册");
    await issueSmsCode(db, messages, mobile, "login");
    return ok(null, { msg: "获取成功" });
  });

  route(app, authApi.smsLogin, { body: "login.quick", summary: "Login by SMS code", tags }, async (request, reply) => {
    const { mobile, auth_code } = request.body as { mobile: string; auth_code: string };
    const person = await findPerson(mobile);
    if (!person) throw new ApiError(1, "验证码错误");
    await consumeSmsCode(db, mobile, "login", auth_code);
    await startSession(db, reply, request, person.id);
    return ok(null, { msg: "登录成功" });
  });

  route(app, authApi.logout, { summary: "Sign out", tags }, async (request, reply) => {
    await endSession(db, reply, request);
    return ok(null, { msg: "已退出登录" });
  });
}
