import fs from "node:fs";
import path from "node:path";

/**
 * What a code is for; a code proves only its own purpose. `appid` views the developer key (the
 * person's own phone), `appidnew` resets the App Id (the main admin's phone): kept apart so a main
 * admin's code for viewing cannot reset.
 */
export type SmsPurpose = "login" | "register" | "retrieve" | "chgpasswd" | "chgmobile" | "notify" | "appid" | "appidnew" | "certification";

/** Messages that carry no code: a fall to the low-balance threshold (3 §2.3), a smart reminder of a live (3 §2.7). */
export type NoticePurpose = "lowBalance" | "reminder";

/** Where SMS texts, voice calls and captcha answers go. A real provider replaces the outbox. */
export interface MessageAdapter {
  sendSms(mobile: string, purpose: SmsPurpose, code: string, text: string): Promise<void>;
  /** An SMS with no code (a low-balance warning, a reminder): the outbox's `kind: "sms"` with an empty code. */
  sendNotice(mobile: string, purpose: NoticePurpose, text: string): Promise<void>;
  /** A voice call reading `text` (a voice reminder): the outbox's `kind: "voice"`. */
  placeCall(mobile: string, purpose: NoticePurpose, text: string): Promise<void>;
  recordCaptcha(mobile: string, answer: string): Promise<void>;
}

/** Development default (the spec's conventions): one JSON line per message in DATA_DIR/sms-outbox.jsonl. */
export function outboxAdapter(dataDir: string): MessageAdapter {
  const file = path.join(dataDir, "sms-outbox.jsonl");
  const append = async (entry: Record<string, string>) => {
    await fs.promises.mkdir(dataDir, { recursive: true });
    await fs.promises.appendFile(file, JSON.stringify({ ts: new Date().toISOString(), ...entry }) + "\n");
  };
  return {
    sendSms: (mobile, purpose, code, text) => append({ kind: "sms", mobile, purpose, code, text }),
    sendNotice: (mobile, purpose, text) => append({ kind: "sms", mobile, purpose, code: "", text }),
    placeCall: (mobile, purpose, text) => append({ kind: "voice", mobile, purpose, text }),
    recordCaptcha: (mobile, answer) => append({ kind: "captcha", mobile, answer }),
  };
}

export const smsText = (purpose: SmsPurpose, code: string) =>
  `【Lectern】您的${{ login: "登录", register: "注册", retrieve: "找回密码", chgpasswd: "修改密码", chgmobile: "修改手机号", notify: "通知", appid: "查看开发者私钥", appidnew: "重置AppId", certification: "机构认证" }[purpose]}验证码为${code}，10分钟内有效，请勿泄露给他人。`;
