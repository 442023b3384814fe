import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

/** A stored file: its name (what `open` takes), the URL it is served at and its size. */
export interface StoredFile {
  name: string;
  url: string;
  bytes: number;
}

/**
 * Where uploaded files live. The local default keeps them on disk under DATA_DIR/uploads and
 * serves them through the API (GET /uploads/<name>); an object store can stand in by
 * implementing the same three calls.
 */
export interface StorageAdapter {
  /** Stores the bytes under a new random name ending in `.ext`. Nothing is kept if `source` throws. */
  put(source: AsyncIterable<Buffer>, ext: string): Promise<StoredFile>;
  remove(name: string): Promise<void>;
  /** The bytes of a stored file, or null for a name it never gave out. */
  open(name: string): Promise<{ stream: Readable; size: number } | null>;
}

/** Names this adapter gives out: 128 random bits in hex and an extension. Anything else is refused. */
const storedName = /^[0-9a-f]{32}\.[a-z0-9]{1,8}$/;

export function localDiskStorage(dir: string, urlPrefix = "/uploads/"): StorageAdapter {
  const fileOf = (name: string) => path.join(dir, name);
  return {
    async put(source, ext) {
      await fs.promises.mkdir(dir, { recursive: true });
      const name = `${crypto.randomBytes(16).toString("hex")}.${ext}`;
      // Written beside the final name and renamed when complete: a reader never sees half a file.
      const partial = fileOf(`${name}.part`);
      try {
        await pipeline(Readable.from(source), fs.createWriteStream(partial, { flags: "wx" }));
        const { size } = await fs.promises.stat(partial);
        await fs.promises.rename(partial, fileOf(name));
        return { name, url: urlPrefix + name, bytes: size };
      } catch (err) {
        await fs.promises.rm(partial, { force: true });
        throw err;
      }
    },
    async remove(name) {
      if (storedName.test(name)) await fs.promises.rm(fileOf(name), { force: true });
    },
    async open(name) {
      if (!storedName.test(name)) return null;
      try {
        const stat = await fs.promises.stat(fileOf(name));
        if (!stat.isFile()) return null;
        return { stream: fs.createReadStream(fileOf(name)), size: stat.size };
      } catch {
        return null;
      }
    },
  };
}
