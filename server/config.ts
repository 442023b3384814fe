import path from "node:path";

/** Run-time configuration, read once from the environment (conventions.md, "Starting it"). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  demo: boolean;
  /** scrypt cost as log2(N); 17 is OWASP's current recommendation (N=2^17, r=8, p=1). */
  scryptLogN: number;
  /** Where a person without any identity is sent to apply (1 §4). */
  applyUrl: string;
  /** Trust X-Forwarded-* from a reverse proxy (https detection for Secure cookies). */
  trustProxy: boolean;
  /** Extra origins allowed to make state-changing requests (the Vite dev server, say). */
  allowedOrigins: string[];
  distDir: string;
  logLevel: string;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR || "./data");
  return {
    port: Number(env.PORT || 8080),
    host: env.HOST || "127.0.0.1",
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    demo: env.DEMO !== "0",
    scryptLogN: Number(env.LECTERN_SCRYPT_LOG_N || 17),
    applyUrl: env.APPLY_URL || "/apply.html",
    trustProxy: env.TRUST_PROXY === "1",
    allowedOrigins: (env.ALLOWED_ORIGINS || "").split(",").map((s) => s.trim()).filter(Boolean),
    distDir: path.resolve(env.DIST_DIR || "./dist"),
    logLevel: env.LOG_LEVEL || "warn",
  };
}

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
