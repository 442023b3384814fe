import type { Generated } from "kysely";

/** Times are epoch milliseconds; money is in thousandths of a yuan; flags are 0/1. */
export interface PersonTable {
  id: Generated<number>;
  mobile: string;
  password_hash: string;
  nickname: string;
  headimg: string;
  created_at: number;
  updated_at: number;
}

export interface OrganisationTable {
  id: Generated<number>;
  name: string;
  balance_milli: number;
  created_at: number;
}

/** admin = main admin; subadmin, teacher, assistant, student as named. */
export type Role = "admin" | "subadmin" | "teacher" | "assistant" | "student";

/** Searched by name and mobile fragments through the index of migration 0002 (services/user-list.ts). */
export interface IdentityTable {
  id: Generated<number>;
  person_id: number;
  org_id: number;
  role: Role;
  name: string;
  nick: string;
  /** JSON text of the saved permission value (1 §3). */
  userop: string;
  /** JSON text of extended permissions (sub-admins). */
  useropex: string;
  created_at: number;
  updated_at: number;
}

export interface SessionTable {
  /** sha256 of the cookie token: a database leak does not leak live sessions. */
  id: string;
  person_id: number;
  identity_id: number | null;
  created_at: number;
  expires_at: number;
  last_seen_at: number;
}

export interface SmsCodeTable {
  id: Generated<number>;
  mobile: string;
  purpose: string;
  code_hash: string;
  attempts: number;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

export interface CaptchaTable {
  id: Generated<number>;
  mobile: string;
  answer_hash: string;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

export interface LoginGuardTable {
  mobile: string;
  need_captcha: number;
  failures: number;
  updated_at: number;
}

export interface Database {
  persons: PersonTable;
  organisations: OrganisationTable;
  identities: IdentityTable;
  sessions: SessionTable;
  sms_codes: SmsCodeTable;
  captchas: CaptchaTable;
  login_guards: LoginGuardTable;
}
