import type { OrgScope } from "../engine/org-scope";
import { fail } from "../plugins/envelope";

export type StaffRole = "teacher" | "assistant";

/** A teacher or assistant of a live or a template, as read back from the organisation. */
export interface StaffMember {
  id: number;
  name: string;
}

/** Who a live or template may name at most in each role: far more than a class has, far less than a flood. */
export const staffMax = 100;

const words: Record<StaffRole, { label: string; field: string }> = {
  teacher: { label: "老师", field: "teachers" },
  assistant: { label: "助教", field: "assistants" },
};

/**
 * The accounts (identity ids) of the JSON text `[{account, name}]` the forms send (2 §7), in
 * order, each once; null when the text is not such a list. The names sent are not trusted: the
 * organisation's own are read back.
 */
export function accountsOf(text: string | undefined | null): number[] | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text?.trim() || "[]");
  } catch {
    return null;
  }
  if (!Array.isArray(parsed)) return null;
  const accounts: number[] = [];
  for (const item of parsed) {
    const account = item && typeof item === "object" ? Number((item as { account?: unknown }).account) : NaN;
    if (!Number.isSafeInteger(account) || account < 1) return null;
    if (!accounts.includes(account)) accounts.push(account);
  }
  return accounts;
}

/**
 * The teachers or assistants a form named, read back as identities of this organisation in that
 * role, in the order given. A list that is not one, too long, or naming anyone who is not such a
 * person here (another school's, deleted meanwhile, a student) is refused, naming the field.
 */
export async function resolveStaff(scope: OrgScope, text: string | undefined, role: StaffRole): Promise<StaffMember[]> {
  const { label, field } = words[role];
  const accounts = accountsOf(text);
  if (accounts === null) throw fail.bad(`${label}格式不正确`, field);
  if (accounts.length > staffMax) throw fail.bad(`所选${label}过多`, field);
  if (accounts.length === 0) return [];
  const found = await scope.selectFrom("identities").select(["id", "name"]).where("role", "=", role).where("id", "in", accounts).execute();
  const byId = new Map(found.map((member) => [member.id, member]));
  if (accounts.some((id) => !byId.has(id))) throw fail.bad(`所选${label}不存在或已被删除，请重新选择`, field);
  return accounts.map((id) => byId.get(id)!);
}

/** The JSON text a live or template carries its staff in (2 §3): `[{account, name}]`. */
export const staffText = (members: readonly StaffMember[]) => JSON.stringify(members.map((m) => ({ account: m.id, name: m.name })));
