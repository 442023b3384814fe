export interface Limit {
  max: number;
  windowMs: number;
}

/**
 * How often one client may knock on the sign-in doors (docs/security.md, "Sign-in under attack").
 *
 * The counters live in each process's memory, not in the database. They are a coarse
 * brake on volume, and a flood is exactly when a database write per request would hurt
 * most; behind N processes a client gets N times the allowance, which stays harmless
 * because what must hold across processes is counted in the database: the tries of each
 * SMS code, an account's failures, captcha and lock, the resend wait and the hourly SMS
 * budget of a mobile, and the failures from an address (services/login-guards.ts).
 *
 * Per address the limits are generous: a whole school signs in from one NAT address at the
 * start of a lesson, and the test suites sign in many times from 127.0.0.1.
 */
export interface RateLimits {
  /** false (`LECTERN_RATE_LIMITS=off`): no per-address limit and no per-address captcha, for benchmarks. */
  perIp: boolean;
  /** Password and SMS sign-ins, registration, retrieval and password changes from one address. */
  signInPerIp: Limit;
  /** The same calls for one mobile. */
  signInPerMobile: Limit;
  /** SMS code requests from one address (each also needs a graphic captcha and has a per-mobile budget). */
  codesPerIp: Limit;
  /** Graphic captcha images from one address. */
  captchasPerIp: Limit;
  /** Graphic captcha images for one mobile. */
  captchasPerMobile: Limit;
  /** Wrong passwords from one address, across accounts, after which every sign-in from there needs the captcha. */
  ipCaptchaAfter: Limit;
}

const minute = 60_000;

export const defaultRateLimits: RateLimits = {
  perIp: true,
  signInPerIp: { max: 600, windowMs: minute },
  signInPerMobile: { max: 30, windowMs: minute },
  codesPerIp: { max: 60, windowMs: 10 * minute },
  captchasPerIp: { max: 120, windowMs: minute },
  captchasPerMobile: { max: 20, windowMs: minute },
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
  return {
    ...d,
    signInPerIp: scaled(d.signInPerIp),
    codesPerIp: scaled(d.codesPerIp),
    captchasPerIp: scaled(d.captchasPerIp),
    ipCaptchaAfter: scaled(d.ipCaptchaAfter),
  };
}
