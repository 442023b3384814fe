import type { FeatureCtx } from "../../engine/calls";
import { ApiError, ok } from "../../plugins/envelope";
import { endAllSessions, endSession, needIdentity } from "../../plugins/session";
import { consumeSmsCode, issueSmsCode, needCaptcha as needCaptchaOf, smsMessages } from "../../services/codes";
import { recordSuccess } from "../../services/login-guards";
import { hashPassword } from "../../services/passwords";
import type { AuthPart } from "./auth";

/**
 * Registration, password retrieval and change. These are the person's, not an organisation's:
 * the mobile is the person's one sign-in everywhere, so `persons` is read and written by mobile
 * (or by the session's person) across organisations. No query here touches an organisation's rows.
 */
const registrationHandlers = ({ db, messages, config }: FeatureCtx) => {
  const personByMobile = (mobile: string) => db.kysely.selectFrom("persons").select("id").where("mobile", "=", mobile).executeTakeFirst();

  /** The graphic captcha of the mobile first: no SMS, and no answer about the mobile, without it. */
  const needCaptcha = (mobile: string, authcode: string) => needCaptchaOf(db, mobile, authcode);

  return {
    registerCode: async (request) => {
      const { mobile, authcode } = request.body as { mobile: string; authcode: string };
      await needCaptcha(mobile, authcode);
      // The one answer that tells a taken number: registering it would fail anyway, so the person is sent to sign in.
      if (await personByMobile(mobile)) throw new ApiError(1, "该手机号已注册，请直接登录");
      await issueSmsCode(db, messages, mobile, "register");
      return ok(null, { msg: "获取成功" });
    },
    register: async (request) => {
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
    },
    retrieveCode: async (request) => {
      const { mobile, authcode } = request.body as { mobile: string; authcode: string };
      await needCaptcha(mobile, authcode);
      // An unregistered mobile gets a code that is kept but never sent, so nothing here tells it apart.
      await issueSmsCode(db, messages, mobile, "retrieve", { deliver: !!(await personByMobile(mobile)) });
      return ok(null, { msg: "获取成功" });
    },
    retrieve: async (request) => {
      const { mobile, auth_code, passwd } = request.body as { mobile: string; auth_code: string; passwd: string };
      await consumeSmsCode(db, mobile, "retrieve", auth_code);
      const person = await personByMobile(mobile);
      // Only a guessed unsent code gets here without a person: it reads as any wrong code.
      if (!person) throw new ApiError(1, smsMessages.wrong);
      const password_hash = await hashPassword(passwd, config.passwordMemoryKiB);
      await db.kysely.updateTable("persons").set({ password_hash, updated_at: Date.now() }).where("id", "=", person.id).execute();
      await endAllSessions(db, person.id);
      // The phone proved it is the person's: a lock from someone else's guesses need not keep them out.
      await recordSuccess(db, mobile);
      return ok(null, { msg: "修改成功" });
    },
    ownSmsCode: async (request) => {
      const { person } = needIdentity(request, "admin");
      await issueSmsCode(db, messages, person.mobile, "chgpasswd");
      return ok(null, { msg: "验证码已发送" });
    },
    changePassword: async (request, reply) => {
      const { person } = needIdentity(request, "admin");
      const { auth_code, passwd } = request.body as { auth_code: string; passwd: string };
      await consumeSmsCode(db, person.mobile, "chgpasswd", auth_code);
      const password_hash = await hashPassword(passwd, config.passwordMemoryKiB);
      await db.kysely.updateTable("persons").set({ password_hash, updated_at: Date.now() }).where("id", "=", person.id).execute();
      await endSession(db, reply, request);
      await endAllSessions(db, person.id);
      return ok(null, { msg: "密码修改成功，请重新登录" });
    },
  } satisfies ReturnType<AuthPart>;
};

export default registrationHandlers;
