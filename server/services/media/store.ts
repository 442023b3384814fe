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
