import type { Db } from "../db/database";
import type { MessageAdapter, SmsPurpose } from "../adapters/sms";
import { smsText } from "../adapters/sms";
import { captchaAnswer } from "../adapters/captcha-image";
import { ApiError, fail } from "../plugins/envelope";
import { randomDigits, sha256 } from "./passwords";
import { smsResendSeconds } from "../../resources/auth";

export const SMS_LIFE_MS = 10 * 60_000;
export const SMS_MAX_TRIES = 5;
export const CAPTCHA_LIFE_MS = 5 * 60_000;

const codeHash = (mobile: string, purpose: string, code: string) => sha256(`${purpose}:${mobile}:${code}`);

/** Issues a 6-digit single-use code, refusing a resend within 60 s of the last one. */
export async function issueSmsCode(db: Db, messages: MessageAdapter, mobile: string, purpose: SmsPurpose): Promise<void> {
  const now = Date.now();
  const last = await db.kysely
    .selectFrom("sms_codes")
    .select("created_at")
    .where("mobile", "=", mobile)
    .where("purpose", "=", purpose)
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
  if (last && now - last.created_at < smsResendSeconds * 1000) {
    const wait = Math.ceil((smsResendSeconds * 1000 - (now - last.created_at)) / 1000);
    throw fail.tooMany(`验证码发送过于频繁，请${wait}秒后再试`);
  }
  const code = randomDigits(6);
  // A new code replaces the old one: only the latest can be used.
  await db.kysely
    .updateTable("sms_codes")
    .set({ used_at: now })
    .where("mobile", "=", mobile)
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .execute();
  await db.kysely
    .insertInto("sms_codes")
    .values({ mobile, purpose, code_hash: codeHash(mobile, purpose, code), attempts: 0, expires_at: now + SMS_LIFE_MS, used_at: null, created_at: now })
    .execute();
  await messages.sendSms(mobile, purpose, code, smsText(purpose, code));
}

/** Spends the code on success; counts a wrong try; five wrong tries end the code. */
export async function consumeSmsCode(db: Db, mobile: string, purpose: SmsPurpose, code: string): Promise<void> {
  const now = Date.now();
  const row = await db.kysely
    .selectFrom("sms_codes")
    .selectAll()
    .where("mobile", "=", mobile)
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!row || row.expires_at < now) throw new ApiError(1, "验证码已失效，请重新获取");
  if (row.attempts >= SMS_MAX_TRIES) throw new ApiError(1, "验证码错误次数过多，请重新获取");
  if (row.code_hash !== codeHash(mobile, purpose, code)) {
    const attempts = row.attempts + 1;
    await db.kysely
      .updateTable("sms_codes")
      .set({ attempts, used_at: attempts >= SMS_MAX_TRIES ? now : null })
      .where("id", "=", row.id)
      .execute();
    throw new ApiError(1, "验证码错误");
  }
  // The conditional update makes the code single use even under two simultaneous requests.
  const spent = await db.kysely
    .updateTable("sms_codes")
    .set({ used_at: now })
    .where("id", "=", row.id)
    .where("used_at", "is", null)
    .executeTakeFirst();
  if (Number(spent.numUpdatedRows) !== 1) throw new ApiError(1, "验证码已失效，请重新获取");
}

export async function issueCaptcha(db: Db, messages: MessageAdapter, mobile: string): Promise<string> {
  const answer = captchaAnswer();
  const now = Date.now();
  await db.kysely
    .updateTable("captchas")
    .set({ used_at: now })
    .where("mobile", "=", mobile)
    .where("used_at", "is", null)
    .execute();
  await db.kysely
    .insertInto("captchas")
    .values({ mobile, answer_hash: sha256(`${mobile}:${answer}`), expires_at: now + CAPTCHA_LIFE_MS, used_at: null, created_at: now })
    .execute();
  await messages.recordCaptcha(mobile, answer);
  return answer;
}

/** A captcha answer is spent by any attempt, right or wrong. */
export async function consumeCaptcha(db: Db, mobile: string, answer: string | undefined): Promise<boolean> {
  if (!answer) return false;
  const now = Date.now();
  const row = await db.kysely
    .selectFrom("captchas")
    .selectAll()
    .where("mobile", "=", mobile)
    .where("used_at", "is", null)
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!row) return false;
  const spent = await db.kysely
    .updateTable("captchas")
    .set({ used_at: now })
    .where("id", "=", row.id)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return (
    Number(spent.numUpdatedRows) === 1 &&
    row.expires_at >= now &&
    row.answer_hash === sha256(`${mobile}:${answer.trim().toUpperCase()}`)
  );
}
