import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { signatureBytes } from "./file-signatures";

/**
 * Where the cloud disk's bytes live: DATA_DIR/cloud-disk/uploads holds uploads under way (the tus
 * store, one file per upload named by its guid), DATA_DIR/cloud-disk/files the finished files under
 * random names (128 bits and the extension), which are the only names ever served.
 */
export interface DiskStore {
  uploadsDir: string;
  filesDir: string;
  /** Moves a finished file into the store under a new random name ending in `.ext`; answers the name. */
  adopt(source: string, ext: string): Promise<string>;
  /** The path of a stored file, or null for a name the store never gave out. */
  pathOf(name: string): string | null;
  remove(names: readonly string[]): Promise<void>;
  /** An upload's file and its tus info file, gone. */
  dropUpload(guid: string): Promise<void>;
}

const storedName = /^[0-9a-f]{32}\.[a-z0-9]{1,8}$/;
const guidPattern = /^[0-9a-f]{32}$/;

export const randomGuid = () => crypto.randomBytes(16).toString("hex");

export function diskStore(dataDir: string): DiskStore {
  const root = path.join(dataDir, "cloud-disk");
  const uploadsDir = path.join(root, "uploads");
  const filesDir = path.join(root, "files");
  fs.mkdirSync(uploadsDir, { recursive: true });
  fs.mkdirSync(filesDir, { recursive: true });
  const pathOf = (name: string) => (storedName.test(name) ? path.join(filesDir, name) : null);
  return {
    uploadsDir,
    filesDir,
    async adopt(source, ext) {
      const name = `${randomGuid()}.${ext}`;
      // Same file system: a rename, so a reader never sees half a file.
      await fs.promises.rename(source, path.join(filesDir, name));
      return name;
    },
    pathOf,
    async remove(names) {
      for (const name of names) {
        const file = pathOf(name);
        if (file) await fs.promises.rm(file, { force: true });
      }
    },
    async dropUpload(guid) {
      if (!guidPattern.test(guid)) return;
      await fs.promises.rm(path.join(uploadsDir, guid), { force: true });
      await fs.promises.rm(path.join(uploadsDir, `${guid}.json`), { force: true });
    },
  };
}

/** A file's md5 (hex), size and first bytes, read once. */
export async function inspect(file: string): Promise<{ md5: string; bytes: number; head: Buffer }> {
  const hash = crypto.createHash("md5");
  let bytes = 0;
  const head: Buffer[] = [];
  let headBytes = 0;
  await pipeline(fs.createReadStream(file), async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) {
      hash.update(chunk);
      bytes += chunk.length;
      if (headBytes < signatureBytes) {
        head.push(chunk.subarray(0, signatureBytes - headBytes));
        headBytes += Math.min(chunk.length, signatureBytes - headBytes);
      }
    }
  });
  return { md5: hash.digest("hex"), bytes, head: Buffer.concat(head) };
}
