import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { broadcastSettings, pushSettings } from "../resources/rooms/room-api";
import { timeMachineSettings } from "../resources/time-machine/time-machine";
import { rateLimitsFrom, type RateLimits } from "./rate-limit-settings";

/** Run-time configuration, read once from the environment (the spec's conventions, "Starting it"). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  demo: boolean;
  /** argon2id memory cost in KiB of new password hashes (OWASP: m=19456, t=2, p=1). */
  passwordMemoryKiB: number;
  /** Password hashes and checks running at once; the rest wait (services/passwords.ts). */
  hashConcurrency: number;
  /** Password hashes and checks allowed to wait; past it sign-ins get 系统繁忙 (429). */
  hashQueue: number;
  /** Where a person without any identity is sent to apply (1 §4). */
  applyUrl: string;
  /** Trust X-Forwarded-* from a reverse proxy (https detection for Secure cookies). */
  trustProxy: boolean;
  /** Extra origins allowed to make state-changing requests (the Vite dev server, say). */
  allowedOrigins: string[];
  /** Limits of the sign-in, code and captcha calls (LECTERN_RATE_LIMITS). */
  rateLimits: RateLimits;
  /** The origins people reach this server at (PUBLIC_ORIGINS, else derived from HOST and PORT). */
  publicOrigins: string[];
  /** Bytes of uploads an organisation may keep (UPLOAD_QUOTA_MB). */
  uploadQuotaBytes: number;
  distDir: string;
  logLevel: string;
  /** Key of the frame tokens (LECTERN_TOKEN_SECRET); absent, one kept in DATA_DIR (services/tool-tokens.ts). */
  tokenSecret: string | null;
  /**
   * The open-platform address the tool pages frame (OPEN_PLATFORM_URL); absent, the sandbox this
   * server serves under `hostPrefixes.openIframe`.
   */
  openPlatformUrl: string | null;
  /**
   * LibreOffice's `soffice`, which converts the cloud disk's office documents to PDF for preview:
   * SOFFICE_PATH, else the first `soffice` or `libreoffice` on PATH; SOFFICE_PATH=0 turns it off.
   * Null: documents are stored but not previewable.
   */
  soffice: string | null;
  /**
   * The live-room site the room routes frame (LIVE_ROOM_URL); absent, the built-in room page this
   * server serves under /room (server/features/rooms).
   */
  liveRoomUrl: string | null;
  /** A large class's external stream address, `{roomId}` replaced by the live's room id (LIVE_STREAM_URL); "" none. */
  liveStreamUrl: string;
  /**
   * Where a live's share links point (SHARE_BASE_URL, 2 §7 Share URL); absent, the origin the
   * browser reached this server at, whose built-in room site answers the share paths.
   */
  shareBaseUrl: string | null;
  /** The customer type choosing the share links' path (CUSTOMER_TYPE: default, SC, RuiDa, JY, …; 2 §6). */
  customerType: string;
  /**
   * Seconds between the rooms' periodic work: the concurrency sample, live states, absences
   * (ROOM_JOBS_SECONDS, default 60, at least 1). A shorter period samples a minute more than once
   * (the minute keeps its peak); the browser suite uses it not to wait for the next minute.
   */
  roomJobsMs: number;
  /**
   * After a live's end time, how long its teacher's publication may be gone before the live is
   * ended and its recording made as by 结束直播 (BROADCAST_GONE_SECONDS, default 60; issue 18).
   */
  broadcastGoneMs: number;
  /**
   * The port of the RTMP ingest an encoder such as OBS pushes a live to (RTMP_PORT, default 1935; 0 or
   * "off" turns it off: null), on HOST; it listens while the server does (issue 18, pushStreamType 1).
   */
  rtmpPort: number | null;
  /**
   * How long a stopping server lets requests and WebSockets finish before cutting them
   * (SHUTDOWN_GRACE_SECONDS, default 8: within Docker's 10 s wait before SIGKILL).
   */
  shutdownGraceMs: number;
  /**
   * Data push may deliver to loopback, private and reserved addresses (PUSH_ALLOW_PRIVATE=1): for a
   * receiver on the same machine or network (tests, a local receiver). Off, such an address is
   * refused when saved and when delivered to, whatever its name resolves to (server/services/data-push/url-guard.ts).
   */
  pushAllowPrivate: boolean;
  /**
   * The account organisations pay by bank transfer (BANK_ACCOUNT, `户名|开户行|账号`): /recharge shows
   * it as the third way to pay. Absent, that way answers 银行转账未开通.
   */
  bankAccount: BankAccount | null;
  /**
   * How often the teacher's built-in room sends a frame of its stream to the time machine
   * (FOOTMARK_SECONDS, default 60, at least 1); the room is told with each frame. The browser suite
   * shortens it not to wait a minute for a frame.
   */
  footmarkPeriodMs: number;
}

/** An operator's receiving account, as /recharge shows it for a bank transfer. */
export interface BankAccount {
  name: string;
  bank: string;
  number: string;
}

function bankAccount(env: NodeJS.ProcessEnv): BankAccount | null {
  const [name = "", bank = "", number = ""] = (env.BANK_ACCOUNT ?? "").split("|").map((v) => v.trim());
  return name && bank && number ? { name, bank, number } : null;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR || "./data");
  return {
    port: Number(env.PORT || 8080),
    host: env.HOST || "127.0.0.1",
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    demo: env.DEMO !== "0",
    passwordMemoryKiB: Number(env.LECTERN_ARGON2_MEMORY_KIB || 19456),
    hashConcurrency: hashConcurrency(env),
    hashQueue: Number(env.LECTERN_HASH_QUEUE || 64),
    applyUrl: env.APPLY_URL || "/apply.html",
    trustProxy: env.TRUST_PROXY === "1",
    allowedOrigins: (env.ALLOWED_ORIGINS || "").split(",").map((s) => s.trim()).filter(Boolean),
    rateLimits: rateLimitsFrom(env.LECTERN_RATE_LIMITS),
    publicOrigins: publicOrigins(env),
    uploadQuotaBytes: Number(env.UPLOAD_QUOTA_MB || 1024) * 1024 * 1024,
    distDir: path.resolve(env.DIST_DIR || "./dist"),
    logLevel: env.LOG_LEVEL || "warn",
    tokenSecret: env.LECTERN_TOKEN_SECRET || null,
    openPlatformUrl: env.OPEN_PLATFORM_URL ? new URL(env.OPEN_PLATFORM_URL).href.replace(/\/+$/, "") : null,
    soffice: env.SOFFICE_PATH === "0" ? null : env.SOFFICE_PATH || onPath(env.PATH, ["soffice", "libreoffice"]),
    liveRoomUrl: env.LIVE_ROOM_URL ? new URL(env.LIVE_ROOM_URL).href.replace(/\/+$/, "") : null,
    liveStreamUrl: env.LIVE_STREAM_URL || "",
    shareBaseUrl: env.SHARE_BASE_URL ? new URL(env.SHARE_BASE_URL).href.replace(/\/+$/, "") : null,
    customerType: env.CUSTOMER_TYPE?.trim() || "default",
    roomJobsMs: Math.min(60, Math.max(1, Number(env.ROOM_JOBS_SECONDS) || 60)) * 1000,
    broadcastGoneMs: Math.max(1, Number(env.BROADCAST_GONE_SECONDS) || broadcastSettings.publisherGoneMs / 1000) * 1000,
    rtmpPort: rtmpPort(env.RTMP_PORT),
    pushAllowPrivate: env.PUSH_ALLOW_PRIVATE === "1",
    bankAccount: bankAccount(env),
    footmarkPeriodMs: Math.max(1, Number(env.FOOTMARK_SECONDS) || timeMachineSettings.periodMs / 1000) * 1000,
    shutdownGraceMs: (env.SHUTDOWN_GRACE_SECONDS && Number(env.SHUTDOWN_GRACE_SECONDS) >= 0 ? Number(env.SHUTDOWN_GRACE_SECONDS) : 8) * 1000,
  };
}

function rtmpPort(value: string | undefined): number | null {
  if (value === undefined || value.trim() === "") return pushSettings.defaultPort;
  const port = Number(value);
  return value.trim() === "off" || !Number.isInteger(port) || port <= 0 || port > 65535 ? null : port;
}

/** The first of `names` that is an executable file in a folder of PATH. */
function onPath(pathList: string | undefined, names: string[]): string | null {
  for (const name of names)
    for (const dir of (pathList ?? "").split(path.delimiter).filter(Boolean)) {
      const file = path.join(dir, name);
      try {
        fs.accessSync(file, fs.constants.X_OK);
        return file;
      } catch {
        // not here
      }
    }
  return null;
}

/**
 * PUBLIC_ORIGINS (comma-separated), or the addresses a browser can use without a proxy: the
 * loopback names on a loopback HOST; this machine's own interface addresses on 0.0.0.0 or ::
 * (a DNS name or an https proxy in front must be listed in PUBLIC_ORIGINS); HOST itself otherwise.
 */
function publicOrigins(env: NodeJS.ProcessEnv): string[] {
  const listed = (env.PUBLIC_ORIGINS || "").split(",").map((s) => s.trim()).filter(Boolean);
  if (listed.length) return listed.map((o) => new URL(o).origin);
  const port = Number(env.PORT || 8080);
  const host = env.HOST || "127.0.0.1";
  const loopback = ["127.0.0.1", "localhost", "[::1]"];
  const wildcard = host === "0.0.0.0" || host === "::";
  const own = Object.values(os.networkInterfaces())
    .flatMap((list) => list ?? [])
    .filter((a) => host === "::" || a.family === "IPv4")
    .map((a) => (a.family === "IPv6" ? `[${a.address.split("%")[0]}]` : a.address));
  const names = wildcard ? [...loopback, ...own] : ["127.0.0.1", "localhost", "::1"].includes(host) ? loopback : [host.includes(":") ? `[${host}]` : host];
  return [...new Set(names.map((name) => new URL(`http://${name}:${port}`).origin))];
}

/**
 * Password hashes at once: one per core (a hash is 16 ms of one core; more would only wait inside
 * libuv's pool, fewer would cap every password-setting call below the machine), but never more
 * than libuv's pool less two threads, so fs and zlib always have two. The pool is 4 threads unless
 * UV_THREADPOOL_SIZE is set where Node starts: libuv sizes it at its first task, and loading an
 * ES-module entry point is one, so no code of ours runs early enough to raise it.
 */
const hashConcurrency = (env: NodeJS.ProcessEnv) =>
  Math.max(1, Math.min(Number(env.LECTERN_HASH_CONCURRENCY) || os.availableParallelism(), (Number(env.UV_THREADPOOL_SIZE) || 4) - 2));

/**
 * Every host kind is served by this one process. The cms, home and live-class paths do
 * not collide, so they sit at the root; the kinds whose paths would collide get a prefix.
 */
export const hostPrefixes: Record<string, string> = {
  cms: "",
  home: "",
  liveClass: "",
  liveStat: "/livestat",
  upload: "/upload-svc",
  uploadVod: "/upload-vod",
  mediaManager: "/media-manager",
  cloudDisk: "/cloud-disk",
  cloudDiskUpload: "/cloud-disk-upload",
  chatManager: "/chat-manager",
  liveValidator: "/live-validator",
  liveStatistics: "/live-statistics",
  groupCertification: "/group-certification",
  exam: "/exam",
  openIframe: "/open-iframe",
};
