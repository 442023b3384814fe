import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { mediaApi } from "../../../resources/vod/media-api";

/**
 * Where media lives on disk: finished files (transcoded videos, posters, audio, audio lists) in
 * DATA_DIR/media under 128-bit random names, served at mediaApi.file; uploads in progress under
 * `incoming/`, where tus writes them.
 */
export interface MediaStore {
  dir: string;
  incomingDir: string;
  /** A new random name with `ext`, never given out before. */
  newName(ext: string): string;
  pathOf(name: string): string;
  incomingPathOf(name: string): string;
  remove(...names: string[]): Promise<void>;
}

/** Names the store gives out; anything else is refused, so a name can never climb out of the folder. */
export const storedMediaName = /^[0-9a-f]{32}\.[a-z0-9]{1,4}$/;

const urlPrefix = mediaApi.file.path.replace(":name", "");
export const mediaUrl = (name: string) => (name ? urlPrefix + name : "");

const HOUR = 3600_000;
/** How long a handed-out address plays: a replay watched in one sitting, seeking all the while. */
const SIGNED_FOR_MS = 12 * HOUR;

const mac = (key: Buffer, name: string, expires: number) => crypto.createHmac("sha256", key).update(`media-file:${name}:${expires}`).digest();

/**
 * A media address as the calls and the room hand it out: `?e=<expiry, epoch s>&s=<HMAC>` on ours,
 * other addresses as they are. The expiry is rounded up to the hour so one file's address stays the
 * same for an hour (the browser's cache, and a list compared with itself).
 */
export function signedMediaUrl(key: Buffer, url: string, now = Date.now()): string {
  const name = storedNameOf(url);
  if (!name) return url;
  const expires = Math.ceil((now + SIGNED_FOR_MS) / HOUR) * (HOUR / 1000);
  return `${url}?e=${expires}&s=${mac(key, name, expires).toString("base64url")}`;
}

export function validMediaSignature(key: Buffer, name: string, expires: unknown, signature: unknown, now = Date.now()): boolean {
  if (typeof expires !== "string" || typeof signature !== "string" || !/^\d{1,12}$/.test(expires) || Number(expires) * 1000 <= now) return false;
  const given = Buffer.from(signature, "base64url");
  const expected = mac(key, name, Number(expires));
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/** The stored name a URL of ours serves, or "" for any other address (a recording kept elsewhere). */
export const storedNameOf = (url: string) => (url.startsWith(urlPrefix) && storedMediaName.test(url.slice(urlPrefix.length)) ? url.slice(urlPrefix.length) : "");

export function mediaStore(dataDir: string): MediaStore {
  const dir = path.join(dataDir, "media");
  const incomingDir = path.join(dir, "incoming");
  fs.mkdirSync(incomingDir, { recursive: true });
  return {
    dir,
    incomingDir,
    newName: (ext) => `${crypto.randomBytes(16).toString("hex")}.${ext}`,
    pathOf: (name) => path.join(dir, name),
    incomingPathOf: (name) => path.join(incomingDir, name),
    async remove(...names) {
      for (const name of names)
        if (storedMediaName.test(name)) {
          await fs.promises.rm(path.join(dir, name), { force: true });
          await fs.promises.rm(path.join(incomingDir, name), { force: true });
          await fs.promises.rm(path.join(incomingDir, `${name}.json`), { force: true });
        }
    },
  };
}
