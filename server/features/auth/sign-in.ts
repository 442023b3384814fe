import { loginCodes } from "../../../resources/auth/auth";
import { captchaPng } from "../../adapters/captcha-image";
import type { FeatureCtx } from "../../engine/calls";
import { clientAddress } from "../../engine/limits";
import { ApiError, ok } from "../../plugins/envelope";
import { endSession, needPerson, startSession } from "../../plugins/session";
import { consumeCaptcha, consumeSmsCode, issueCaptcha, issueSmsCode, smsMessages } from "../../services/codes";
import { passwordSignIn } from "../../services/password-sign-in";
import type { AuthPart } from "./auth";

/**
 * Sign-in and sign-out. Nothing here is an organisation's: a person signs in by mobile before
 * choosing any organisation (./identity.ts), so `persons` is read by mobile across all of them,
 * and the session is the person's. No query here touches an organisation's rows.
 */
const signInHandlers = ({ db, messages, config }: FeatureCtx) => {
  const findPerson = (mobile: string) => db.kysely.selectFrom("persons").select("id").where("mobile", "=", mobile).executeTakeFirst();
  return {
    tryLogin: async (request) => {
      const type = needPerson(request).identity?.type ?? null;
      return ok({ type }, { type });
    },
    passwordLogin: async (request, reply) => {
      const body = request.body as { mobile: string; passwd: string; authcode?: string };
      const personId = await passwordSignIn(db, config.rateLimits, { ...body, ip: clientAddress(request) });
      await startSession(db, reply, request, personId);
      return ok(null, { msg: "登录成功" });
    },
    captchaImage: async (request, reply) => {
      const { mobile } = request.query as { mobile: string };
      const answer = await issueCaptcha(db, messages, mobile);
      return reply.header("cache-control", "no-store").type("image/png").send(captchaPng(answer));
    },
    loginCode: async (request) => {
      const { mobile, authcode } = request.body as { mobile: string; authcode: string };
      if (!(await consumeCaptcha(db, mobile, authcode))) throw new ApiError(loginCodes.wrongCaptcha, "图形验证码错误", 200, { needCaptcha: true });
      // An unregistered mobile gets a code that is kept but never sent, so nothing here tells it apart.
      await issueSmsCode(db, messages, mobile, "login", { deliver: !!(await findPerson(mobile)) });
      return ok(null, { msg: "获取成功" });
    },
    smsLogin: async (request, reply) => {
      const { mobile, auth_code } = request.body as { mobile: string; auth_code: string };
      await consumeSmsCode(db, mobile, "login", auth_code);
      const person = await findPerson(mobile);
      // Only a guessed unsent code gets here without a person: it reads as any wrong code.
      if (!person) throw new ApiError(1, smsMessages.wrong);
      await startSession(db, reply, request, person.id);
      return ok(null, { msg: "登录成功" });
    },
    logout: async (request, reply) => {
      await endSession(db, reply, request);
      return ok(null, { msg: "已退出登录" });
    },
  } satisfies ReturnType<AuthPart>;
};

export default signInHandlers;
