import fs from "node:fs";
import type { FastifyReply, FastifyRequest } from "fastify";
import { extOf, isAllowedExt } from "../../../resources/cloud-disk/cloud-disk";
import type { Db } from "../../db/database";
import type { Handler } from "../../engine/calls";
import { orgScope } from "../../engine/org-scope";
import { addressNotFound, apiNotFound } from "../../plugins/envelope";
import { storedFile } from "../../plugins/security-headers";
import { readableOwners } from "../../services/cloud-disk/access";
import { contentTypes } from "../../services/cloud-disk/file-signatures";
import { canSeeFile } from "../../services/cloud-disk/objects";
import { validSignature } from "../../services/cloud-disk/signing";
import type { DiskStore } from "../../services/cloud-disk/store";

/** The one byte range a player or PDF viewer asks for (`bytes=a-b`, `bytes=a-`, `bytes=-n`), or null to send it all. */
function rangeOf(header: string | undefined, size: number): { start: number; end: number } | null {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header) : null;
  if (!m || (m[1] === "" && m[2] === "") || size === 0) return null;
  const start = m[1] === "" ? Math.max(0, size - Number(m[2])) : Number(m[1]);
  const end = m[1] === "" || m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  return start <= end && start < size ? { start, end } : null;
}

async function send(request: FastifyRequest, reply: FastifyReply, file: string, name: string) {
  const { size } = await fs.promises.stat(file);
  const ext = extOf(name);
  reply
    .header("content-type", isAllowedExt(ext) ? contentTypes[ext] : "application/octet-stream")
    .header("accept-ranges", "bytes")
    // Names are random and never reused, but who may read one is decided per request.
    .header("cache-control", "private, max-age=3600");
  if (ext !== "pdf") reply.helmet(storedFile);
  const range = rangeOf(request.headers.range, size);
  if (!range) return reply.header("content-length", size).send(fs.createReadStream(file));
  return reply
    .code(206)
    .header("content-range", `bytes ${range.start}-${range.end}/${size}`)
    .header("content-length", range.end - range.start + 1)
    .send(fs.createReadStream(file, range));
}

/**
 * The credential of GET /cloud-disk/objects/<name>: a session that may see an item pointing at the
 * file (its organisation, and for a personal disk its owner), or a signed address from `/mediaurlrq`
 * until it expires. Names are 128 random bits, and a name nobody may see answers 404 like one that
 * never existed.
 */
export const fileCredential = (db: Db, store: DiskStore, key: Buffer) => async (request: FastifyRequest) => {
  const { name } = request.params as { name: string };
  const { e, s } = request.query as { e?: unknown; s?: unknown };
  if (!store.pathOf(name)) throw addressNotFound(request);
  if (s !== undefined && validSignature(key, name, e, s)) return;
  if (!(await canSeeFile(orgScope(request, db), readableOwners(request), name))) throw addressNotFound(request);
};

/** A stored file's bytes, ranges served; a file gone since its row was read answers 404. */
export function fileHandler(store: DiskStore): Handler {
  return async (request, reply) => {
    const { name } = request.params as { name: string };
    const file = store.pathOf(name);
    if (!file) return apiNotFound(request, reply);
    try {
      return await send(request, reply, file, name);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return apiNotFound(request, reply);
      throw err;
    }
  };
}
