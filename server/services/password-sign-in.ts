import { loginCodes } from "../../resources/auth/auth";
import type { Db } from "../db/database";
import { ApiError } from "../plugins/envelope";
import type { RateLimits } from "../rate-limit-settings";
import { consumeCaptcha } from "./codes";
import { ipFailures, lockedReservation, recordFailure, recordIpFailure, recordSuccess, releaseTry, reserveFirstTry, reserveTry } from "./login-guards";
import { burnDecoy, verifyAndUpgrade } from "./passwords";

export interface PasswordAttempt {
  mobile: string;
  passwd: string;
  authcode?: string;
  /** The client's address (server/engine/limits.ts clientAddress). */
  ip: string;
}

const locked = (until: number, now: number) => {
  const seconds = Math.max(1, Math.ceil((until - now) / 1000));
  const minutes = Math.ceil(seconds / 60);
  return new ApiError(loginCodes.tooMany, `密码错误次数过多，账号已锁定，请${minutes}分钟后再试`, 200, { needCaptcha: true, retryAfter: seconds });
};

/**
 * The password sign-in (1 §4, §8): answers the person's id, or throws 900 (wrong; the captcha
 * is needed from now on), 904 (the captcha is needed and missing or wrong) or 429 (locked).
 *
 * The try is counted before the password is checked (login-guards.ts), so the captcha holds
 * whatever the race. An unknown mobile goes through every step a known one does, decoy hash
 * included, so neither the answers nor the captcha and lock tell them apart.
 */
export async function passwordSignIn(db: Db, limits: RateLimits, { mobile, passwd, authcode, ip }: PasswordAttempt): Promise<number> {
  const now = Date.now();
  const busyAddress = limits.perIp && (await ipFailures(db, ip, now, limits.ipCaptchaAfter)) >= limits.ipCaptchaAfter.max;
  // Without a captcha only the first try of a burst is counted; every other request spends a
  // captcha first, so the ones refused for want of it never count towards the lock (a burst of
  // them once locked the account under the one try that had its captcha).
  let reservation = busyAddress ? await lockedReservation(db, mobile, now) : await reserveFirstTry(db, mobile, now);
  if (reservation && "lockedUntil" in reservation) throw locked(reservation.lockedUntil, now);
  if (!reservation) {
    if (!(await consumeCaptcha(db, mobile, authcode))) throw new ApiError(loginCodes.wrongCaptcha, authcode ? "验证码错误" : "请输入验证码", 200, { needCaptcha: true });
    reservation = await reserveTry(db, mobile, now);
    if ("lockedUntil" in reservation) throw locked(reservation.lockedUntil, now);
  }

  let person: { id: number; password_hash: string } | undefined;
  let valid = false;
  try {
    person = await db.kysely.selectFrom("persons").select(["id", "password_hash"]).where("mobile", "=", mobile).executeTakeFirst();
    valid = person ? await verifyAndUpgrade(db, person, passwd) : (await burnDecoy(passwd), false);
  } catch (err) {
    // Not judged (a full hashing queue, say): the try goes back.
    await releaseTry(db, mobile, Date.now());
    throw err;
  }
  if (!person || !valid) {
    const lockedUntil = await recordFailure(db, mobile, Date.now());
    if (limits.perIp) await recordIpFailure(db, ip, Date.now(), limits.ipCaptchaAfter);
    if (lockedUntil) throw locked(lockedUntil, Date.now());
    throw new ApiError(loginCodes.wrongPassword, "用户名或密码错误", 200, { needCaptcha: true });
  }
  await recordSuccess(db, mobile);
  return person.id;
}
