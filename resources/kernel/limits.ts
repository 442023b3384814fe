/**
 * Every rate limit a declared call may name (issue 17 item 2): who is counted, how many in what
 * window. The server counts them in the database (server/engine/rate-counter.ts), so a limit of N
 * admits N across all processes; `LECTERN_RATE_LIMITS` scales or switches off the per-address
 * ones (server/rate-limit-settings.ts).
 */
export type LimitSubject =
  /** The client's address (an IPv6 client by its /64). */
  | "address"
  /** The signed-in identity, else the person, else the address. */
  | "person"
  /** The mobile the call names in its body or query; a call that names none is not counted. */
  | "mobile"
  /** A named parameter of the path, query or body (a live's id, a feed's secret, kept as its hash). */
  | { param: string; hashed?: boolean };

export interface LimitDecl {
  per: LimitSubject;
  max: number;
  windowMs: number;
}

const minute = 60_000;

export const declaredLimits = {
  /** Password and SMS sign-ins, registration, retrieval and password changes from one address. */
  signInPerIp: { per: "address", max: 600, windowMs: minute },
  /** The same calls for one mobile. */
  signInPerMobile: { per: "mobile", max: 30, windowMs: minute },
  /** SMS code requests from one address (each also needs a graphic captcha and has a per-mobile budget). */
  codesPerIp: { per: "address", max: 60, windowMs: 10 * minute },
  /** Graphic captcha images from one address. */
  captchasPerIp: { per: "address", max: 120, windowMs: minute },
  /** Graphic captcha images for one mobile. */
  captchasPerMobile: { per: "mobile", max: 20, windowMs: minute },
  /** A person enters a room or opens a tool now and then; a loop asking for tokens is not a person. */
  tokensPerPerson: { per: "person", max: 120, windowMs: minute },
  /** A share link's viewers all come from a school's one address, so this is generous. */
  sharePerIp: { per: "address", max: 3000, windowMs: minute },
  /** The room's calls made with its token (courseware, chapters): a class behind a school's one address, each page asking a few times. */
  roomPerIp: { per: "address", max: 3000, windowMs: minute },
  /** The open platform's checks of a token from one address. */
  tokenChecksPerIp: { per: "address", max: 300, windowMs: minute },
  /** Verification settings and lists: a person saving and paging stays far below it. */
  verificationPerPerson: { per: "person", max: 600, windowMs: minute },
  /** Whitelist imports and dry runs, which parse up to megabytes each. */
  verificationHeavyPerPerson: { per: "person", max: 30, windowMs: minute },
  /** The validator tool's token. */
  verificationTokenPerPerson: { per: "person", max: 120, windowMs: minute },
  /** Fetches of one calendar address (counted by the secret's hash, so no working address is kept). */
  feedPerSecret: { per: { param: "file", hashed: true }, max: 60, windowMs: 60 * minute },
  /** Calendar fetches from one client address. */
  feedPerIp: { per: "address", max: 600, windowMs: minute },
  /** Recharge orders a person makes: a person paying tries a few times, a loop making orders is not one. */
  ordersPerPerson: { per: "person", max: 30, windowMs: minute },
  /** Payment notifies and sandbox payments from one address (a provider's servers notify from a few). */
  paymentsPerIp: { per: "address", max: 600, windowMs: minute },
  /** SMS codes a signed-in admin asks for to others' phones (a low-balance recipient's): each is a text someone pays for. */
  codesPerPerson: { per: "person", max: 20, windowMs: 10 * minute },
  /** Certification submissions and changes by one person: a person fixing a refused field stays far below it. */
  certificationPerPerson: { per: "person", max: 20, windowMs: minute },
  /** Developer-credential codes a person asks for (each is an SMS, the reset's to the main admin's phone). */
  developerCodesPerPerson: { per: "person", max: 10, windowMs: 60 * minute },
  /** Key views and App Id resets a person tries, each spending a try of a code. */
  developerChecksPerPerson: { per: "person", max: 30, windowMs: 60 * minute },
  /** 重新推送 by one admin: each replay is an outgoing request to an address the organisation chose. */
  pushReplaysPerPerson: { per: "person", max: 60, windowMs: minute },
  /** Chat review by one moderator (pass, ban, revoke, reply): the keyboard flow is quick, a loop is not a moderator. */
  moderationPerPerson: { per: "person", max: 300, windowMs: minute },
  /** A live's statistics and listening data by one admin: each reads every visit of a live (an export reads 20 pages of 5000). */
  liveStatsPerPerson: { per: "person", max: 300, windowMs: minute },
} as const satisfies Record<string, LimitDecl>;

export type LimitName = keyof typeof declaredLimits;
