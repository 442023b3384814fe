import type { FastifyRequest } from "fastify";
import { loginCodes } from "../../../resources/auth/auth";
import { portalMessages } from "../../../resources/portal/portal";
import type { FeatureCtx } from "../../engine/calls";
import { recordAudit } from "../../engine/audit";
import { orgScope } from "../../engine/org-scope";
import { ApiError, ok } from "../../plugins/envelope";
import { needIdentity } from "../../plugins/session";
import { consumeCaptcha, consumeSmsCode, issueSmsCode } from "../../services/codes";
import { recordFailure, recordSuccess, releaseTry, reserveTry } from "../../services/login-guards";
import { hashPassword, verifyPassword } from "../../services/passwords";

const locked = (until: number, now: number) =>
  new ApiError(loginCodes.tooMany, `密码错误次数过多，账号已锁定，请${Math.ceil(Math.max(1, until - now) / 60_000)}分钟后再试`);

function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE";
}

/**
 * The person's own password, sign-in mobile and nickname, changed from the portal (2 §5, §7). They
 * are the person's, not the organisation's: `persons` and `sessions` are read and written for the
 * signed-in person only (through `scope.shared`). A wrong old password counts against the account
 * as a wrong sign-in does, so a borrowed session cannot guess it freely; a new mobile must answer an
 * SMS code sent to it, behind its graphic captcha and the code calls' limits, like every code call.
 */
export const accountHandlers = ({ db, messages, config }: FeatureCtx) => {
  const personRow = (request: FastifyRequest, id: number) =>
    orgScope(request, db).shared.selectFrom("persons").select(["id", "mobile", "password_hash"]).where("id", "=", id).executeTakeFirstOrThrow();

  return {
    password: async (request: FastifyRequest) => {
      const { person, sessionId } = needIdentity(request);
      const { old_passwd, new_passwd } = request.body as { old_passwd: string; new_passwd: string };
      const mobile = person.mobile;
      // Counted before the check, as sign-in counts a try (services/login-guards.ts): parallel guesses all count.
      const reservation = await reserveTry(db, mobile, Date.now());
      if ("lockedUntil" in reservation) throw locked(reservation.lockedUntil, Date.now());
      let valid: boolean;
      try {
        valid = await verifyPassword(old_passwd, (await personRow(request, person.id)).password_hash);
      } catch (err) {
        await releaseTry(db, mobile, Date.now());
        throw err;
      }
      if (!valid) {
        const lockedUntil = await recordFailure(db, mobile, Date.now());
        if (lockedUntil) throw locked(lockedUntil, Date.now());
        throw new ApiError(1, portalMessages.wrongOldPassword, 200, { field: "old_passwd" });
      }
      await recordSuccess(db, mobile);
      const password_hash = await hashPassword(new_passwd, config.passwordMemoryKiB);
      const scope = orgScope(request, db);
      await scope.transaction(async (tx) => {
        await tx.shared.updateTable("persons").set({ password_hash, updated_at: Date.now() }).where("id", "=", person.id).execute();
        await tx.shared.deleteFrom("sessions").where("person_id", "=", person.id).where("id", "<>", sessionId).execute();
      });
      return ok(null, { msg: "修改成功" });
    },

    mobileCode: async (request: FastifyRequest) => {
      const { person } = needIdentity(request);
      const { mobile, authcode } = request.body as { mobile: string; authcode: string };
      if (!(await consumeCaptcha(db, mobile, authcode))) throw new ApiError(loginCodes.wrongCaptcha, "图形验证码错误", 200, { needCaptcha: true });
      if (mobile === person.mobile) throw new ApiError(1, portalMessages.sameMobile, 200, { field: "mobile" });
      const taken = await orgScope(request, db).shared.selectFrom("persons").select("id").where("mobile", "=", mobile).executeTakeFirst();
      if (taken) throw new ApiError(1, portalMessages.mobileTaken, 200, { field: "mobile" });
      await issueSmsCode(db, messages, mobile, "chgmobile");
      return ok(null, { msg: "获取成功" });
    },

    mobile: async (request: FastifyRequest) => {
      const { person, identity } = needIdentity(request);
      const { mobile, auth_code } = request.body as { mobile: string; auth_code: string };
      if (mobile === person.mobile) throw new ApiError(1, portalMessages.sameMobile, 200, { field: "mobile" });
      await consumeSmsCode(db, mobile, "chgmobile", auth_code);
      const scope = orgScope(request, db);
      try {
        await scope.transaction(async (tx) => {
          await tx.shared.updateTable("persons").set({ mobile, updated_at: Date.now() }).where("id", "=", person.id).execute();
          // The organisation's 变更记录 of this person shows the move, as an admin's edit would.
          await recordAudit(tx, { resource: identity.role, recordId: identity.id, action: "update", before: { Mobile: person.mobile }, after: { Mobile: mobile } });
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new ApiError(1, portalMessages.mobileTaken, 200, { field: "mobile" });
        throw err;
      }
      return ok(null, { msg: "修改成功" });
    },

    nickname: async (request: FastifyRequest) => {
      const { person } = needIdentity(request);
      const nickname = (request.body as { nickname: string }).nickname.trim();
      await orgScope(request, db).shared.updateTable("persons").set({ nickname, updated_at: Date.now() }).where("id", "=", person.id).execute();
      return ok({ nickname }, { msg: "修改成功" });
    },
  };
};
