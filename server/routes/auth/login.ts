import type { FastifyInstance } from "fastify";
import { authApi, loginCodes } from "../../../resources/auth";
import { captchaPng } from "../../adapters/captcha-image";
import type { Ctx } from "../../context";
import { ApiError, ok } from "../../plugins/envelope";
import { clientAddress } from "../../plugins/rate-limits";
import { endSession, startSession } from "../../plugins/session";
import { consumeCaptcha, consumeSmsCode, issueCaptcha, issueSmsCode, smsMessages } from "../../services/codes";
import { passwordSignIn } from "../../services/password-sign-in";
import { route } from "../../engine/route";

const tags = ["sign-in"];

/**
 * Sign-in and sign-out. Nothing here is an organisation's: a person signs in by mobile before
 * choosing any organisation (routes/auth/identity.ts), so `persons` is read by mobile across all
 * of them, and the session is the person's. No query here touches an organisation's rows.
 */
export default async function loginRoutes(app: FastifyInstance, { db, messages, config }: Ctx) {
  const findPerson = (mobile: string) => db.kysely.selectFrom("persons").select("id").where("mobile", "=", mobile).executeTakeFirst();

  route(app, authApi.tryLogin, { summary: "Auto-login: the session's identity type", tags }, async (request) => {
    if (!request.auth) throw new ApiError(401, "未授权，请登录", 401);
    const type = request.auth.identity?.type ?? null;
    return ok({ type }, { type });
  });

  route(
    app,
    authApi.passwordLogin,
    { body: "login.password", summary: "Password login (900 wrong, 904 captcha needed or wrong, 429 locked)", tags, guard: app.limits.signIn },
    async (request, reply) => {
      const body = request.body as { mobile: string; passwd: string; authcode?: string };
      const personId = await passwordSignIn(db, config.rateLimits, { ...body, ip: clientAddress(request) });
      await startSession(db, reply, request, personId);
      return ok(null, { msg: "登录成功" });
    },
  );

  route(app, authApi.captchaImage, { query: "captcha.request", summary: "Graphic captcha image for a mobile", tags, guard: app.limits.captcha }, async (request, reply) => {
    const { mobile } = request.query as { mobile: string };
    const answer = await issueCaptcha(db, messages, mobile);
    return reply.header("cache-control", "no-store").type("image/png").send(captchaPng(answer));
  });

  route(
    app,
    authApi.loginCode,
    { body: "login.code-request", summary: "SMS code for quick login, behind the graphic captcha; the same answer for any mobile", tags, guard: app.limits.codes },
    async (request) => {
      const { mobile, authcode } = request.body as { mobile: string; authcode: string };
      if (!(await consumeCaptcha(db, mobile, authcode))) throw new ApiError(loginCodes.wrongCaptcha, "图形验证码错误", 200, { needCaptcha: true });
      // An unregistered mobile gets a code that is kept but never sent, so nothing here tells it apart.
      await issueSmsCode(db, messages, mobile, "login", { deliver: !!(await findPerson(mobile)) });
      return ok(null, { msg: "获取成功" });
    },
  );

  route(app, authApi.smsLogin, { body: "login.quick", summary: "Login by SMS code", tags, guard: app.limits.signIn }, async (request, reply) => {
    const { mobile, auth_code } = request.body as { mobile: string; auth_code: string };
    await consumeSmsCode(db, mobile, "login", auth_code);
    const person = await findPerson(mobile);
    // Only a guessed unsent code gets here without a person: it reads as any wrong code.
    if (!person) throw new ApiError(1, smsMessages.wrong);
    await startSession(db, reply, request, person.id);
    return ok(null, { msg: "登录成功" });
  });

  route(app, authApi.logout, { summary: "Sign out", tags }, async (request, reply) => {
    await endSession(db, reply, request);
    return ok(null, { msg: "已退出登录" });
  });
}
