import type { Kysely } from "kysely";
import type { Db } from "../db/database";
import type { Database } from "../db/schema";
import type { OrgScope, SharedTable } from "../engine/org-scope";
import type { MessageAdapter, SmsPurpose } from "../adapters/sms";
import { smsText } from "../adapters/sms";
import { captchaAnswer } from "../adapters/captcha-image";
import { ApiError, fail } from "../plugins/envelope";
import { randomDigits, sha256 } from "./passwords";
import { loginCodes, smsResendSeconds } from "../../resources/auth/auth";

export const SMS_LIFE_MS = 10 * 60_000;
export const SMS_MAX_TRIES = 5;
/** Codes one mobile may be sent in an hour, whatever their purpose: a bound on SMS bombing of one phone. */
export const SMS_PER_HOUR = 10;
export const CAPTCHA_LIFE_MS = 2 * 60_000;

const codeHash = (mobile: string, purpose: string, code: string) => sha256(`${purpose}:${mobile}:${code}`);

export const smsMessages = {
  expired: "验证码已失效，请重新获取",
  wrong: "验证码错误",
  tooManyTries: "验证码错误次数过多，请重新获取",
} as const;

/**
 * Issues a 6-digit single-use code, refusing a resend within 60 s of the last one and more
 * than `SMS_PER_HOUR` an hour. With `deliver: false` the code is kept but never sent: a
 * mobile nobody registered gets the same answers, waits and checks as a registered one,
 * so the flows that must not tell them apart (retrieval, quick login) do not.
 */
export async function issueSmsCode(db: Db, messages: MessageAdapter, mobile: string, purpose: SmsPurpose, { deliver = true } = {}): Promise<void> {
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
  const { sent } = await db.kysely
    .selectFrom("sms_codes")
    .select((eb) => eb.fn.countAll<number>().as("sent"))
    .where("mobile", "=", mobile)
    .where("created_at", ">", now - 60 * 60_000)
    .executeTakeFirstOrThrow();
  if (Number(sent) >= SMS_PER_HOUR) throw fail.tooMany("验证码获取次数过多，请1小时后再试");
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
  if (deliver) await messages.sendSms(mobile, purpose, code, smsText(purpose, code));
}

/**
 * Checks a code and spends it when right. Each check first takes one of the code's five
 * tries in a single conditional update (`attempts < 5 … returning`), so however many
 * checks arrive at once, at most five are judged and a right code after them is refused.
 */
export async function consumeSmsCode(db: Db | OrgScope, mobile: string, purpose: SmsPurpose, code: string): Promise<void> {
  const now = Date.now();
  // A declaration's hook holds only the organisation's accessor; sms_codes is one of its shared tables.
  const k = "shared" in db ? db.shared : (db.kysely as unknown as Kysely<Pick<Database, SharedTable>>);
  const live = await k
    .selectFrom("sms_codes")
    .select("id")
    .where("mobile", "=", mobile)
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .where("expires_at", ">=", now)
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!live) throw new ApiError(1, smsMessages.expired);
  const judged = await k
    .updateTable("sms_codes")
    .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
    .where("id", "=", live.id)
    .where("used_at", "is", null)
    .where("attempts", "<", SMS_MAX_TRIES)
    .returning("code_hash")
    .executeTakeFirst();
  if (!judged) {
    const row = await k.selectFrom("sms_codes").select(["attempts", "used_at"]).where("id", "=", live.id).executeTakeFirstOrThrow();
    throw new ApiError(1, row.used_at === null && row.attempts >= SMS_MAX_TRIES ? smsMessages.tooManyTries : smsMessages.expired);
  }
  if (judged.code_hash !== codeHash(mobile, purpose, code)) throw new ApiError(1, smsMessages.wrong);
  // Single use even when two right checks arrive together.
  const spent = await k
    .updateTable("sms_codes")
    .set({ used_at: now })
    .where("id", "=", live.id)
    .where("used_at", "is", null)
    .executeTakeFirst();
  if (Number(spent.numUpdatedRows) !== 1) throw new ApiError(1, smsMessages.expired);
}

/** A new captcha answer for the mobile; any earlier one it had stops working. */
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

/**
 * Any attempt spends the mobile's captcha, right or wrong. One statement spends every live
 * one, so two images fetched at once still give a single try, and only the newest can be right.
 * Answers are compared without regard to case.
 */
export async function consumeCaptcha(db: Db, mobile: string, answer: string | undefined): Promise<boolean> {
  if (!answer) return false;
  const now = Date.now();
  const spent = await db.kysely
    .updateTable("captchas")
    .set({ used_at: now })
    .where("mobile", "=", mobile)
    .where("used_at", "is", null)
    .returning(["answer_hash", "expires_at", "created_at", "id"])
    .execute();
  const newest = spent.sort((a, b) => b.created_at - a.created_at || b.id - a.id)[0];
  return !!newest && newest.expires_at >= now && newest.answer_hash === sha256(`${mobile}:${answer.trim().toUpperCase()}`);
}

/** Spends the mobile's captcha with `answer`, refusing a wrong one as every code request does (904, data.needCaptcha). */
export async function needCaptcha(db: Db, mobile: string, answer: string | undefined): Promise<void> {
  if (!(await consumeCaptcha(db, mobile, answer))) throw new ApiError(loginCodes.wrongCaptcha, "图形验证码错误", 200, { needCaptcha: true });
}
