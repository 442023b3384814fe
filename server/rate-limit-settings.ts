import { declaredLimits, type LimitName } from "../resources/kernel/limits";

export interface Limit {
  max: number;
  windowMs: number;
}

/**
 * How often one client may knock (docs/security.md, "Sign-in under attack"): every limit a
 * declared call names (resources/kernel/limits.ts), counted in the database so a limit holds
 * across processes (server/engine/rate-counter.ts), and the wrong passwords from one address
 * after which every sign-in from there needs the captcha (services/login-guards.ts).
 *
 * Per address the limits are generous: a whole school signs in from one NAT address at the
 * start of a lesson, and the test suites sign in many times from 127.0.0.1.
 */
export type RateLimits = Record<LimitName, Limit> & {
  /** false (`LECTERN_RATE_LIMITS=off`): no per-address limit and no per-address captcha, for benchmarks. */
  perIp: boolean;
  /** Wrong passwords from one address, across accounts, after which every sign-in from there needs the captcha. */
  ipCaptchaAfter: Limit;
};

const minute = 60_000;

const limitNames = Object.keys(declaredLimits) as LimitName[];
const perAddress = (name: LimitName) => declaredLimits[name].per === "address";

export const defaultRateLimits: RateLimits = {
  ...(Object.fromEntries(limitNames.map((name) => [name, { max: declaredLimits[name].max, windowMs: declaredLimits[name].windowMs }])) as Record<LimitName, Limit>),
  perIp: true,
  ipCaptchaAfter: { max: 10, windowMs: 15 * minute },
};

/**
 * `LECTERN_RATE_LIMITS`: unset, the defaults; `off`, no per-address limits (benchmarks);
 * a number, the per-address limits times that (a district behind one address, say).
 */
export function rateLimitsFrom(setting: string | undefined): RateLimits {
  if (setting === "off") return { ...defaultRateLimits, perIp: false };
  const factor = Number(setting);
  if (!setting || !(factor > 0)) return defaultRateLimits;
  const scaled = (limit: Limit) => ({ ...limit, max: Math.ceil(limit.max * factor) });
  const d = defaultRateLimits;
  const out: RateLimits = { ...d, ipCaptchaAfter: scaled(d.ipCaptchaAfter) };
  for (const name of limitNames) if (perAddress(name)) out[name] = scaled(d[name]);
  return out;
}
