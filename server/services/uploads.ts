import { sql } from "kysely";
import { imageHeadBytes, imageTypeOf, imageUpload } from "../../resources/kernel/upload";
import type { OrgScope } from "../engine/org-scope";
import { ApiError, fail } from "../plugins/envelope";

/** What one organisation may upload: bytes kept in all, and files in any minute. */
export interface UploadLimits {
  quotaBytes: number;
  perMinute: number;
}

const MINUTE = 60_000;

const megabytes = (bytes: number) => `${Math.floor(bytes / 1024 / 1024)}M`;

async function usage(scope: OrgScope, now: number) {
  const row = await scope
    .selectFrom("uploads")
    .select([
      sql<number>`coalesce(sum(bytes), 0)`.as("bytes"),
      sql<number>`coalesce(sum(case when created_at > ${now - MINUTE} then 1 else 0 end), 0)`.as("recent"),
    ])
    .executeTakeFirstOrThrow();
  return { bytes: Number(row.bytes), recent: Number(row.recent) };
}

function refusal(used: { bytes: number; recent: number }, adding: number, limits: UploadLimits): ApiError | null {
  if (used.recent >= limits.perMinute) return new ApiError(429, imageUpload.messages.tooFast, 429);
  if (used.bytes + adding > limits.quotaBytes) return fail.bad(imageUpload.messages.full(megabytes(limits.quotaBytes)), "file");
  return null;
}

/**
 * Refuses before a byte of the file is read when the organisation is at its rate, or has no room
 * left for even an empty file: a flood is turned away without touching the disk.
 */
export async function needRoom(scope: OrgScope, limits: UploadLimits, now = Date.now()): Promise<void> {
  const problem = refusal(await usage(scope, now), 1, limits);
  if (problem) throw problem;
}

/**
 * Records a stored file, or refuses it (the caller then removes the file) when it would pass the
 * rate or the quota. The check and the insert are one transaction, taken one organisation at a
 * time (a row lock on PostgreSQL; SQLite has one writer), so parallel uploads cannot all see the
 * room that only one of them fits in.
 */
export async function recordUpload(scope: OrgScope, file: { name: string; bytes: number }, limits: UploadLimits, now = Date.now()) {
  await scope.transaction(async (tx) => {
    if (tx.dialect === "postgres") await tx.shared.selectFrom("organisations").select("id").where("id", "=", tx.orgId).forUpdate().execute();
    const problem = refusal(await usage(tx, now), file.bytes, limits);
    if (problem) throw problem;
    await tx.insertInto("uploads", { name: file.name, bytes: file.bytes, created_at: now }).execute();
  });
}

/**
 * An uploaded file judged by its first bytes before any is stored: `type` is the image type they
 * show (whatever the file's name or declared type), `whole()` yields the file from its start for
 * storage, `drain()` reads away the rest of a refused one (its answer waits for the body's end).
 * `parsing` turns the multipart reader's failures into the caller's message.
 */
export async function peekImage(file: AsyncIterable<Buffer>, parsing: <T>(step: Promise<T>) => Promise<T>) {
  const chunks = file[Symbol.asyncIterator]();
  const next = () => parsing(chunks.next());
  const head: Buffer[] = [];
  let headBytes = 0;
  while (headBytes < imageHeadBytes) {
    const chunk = await next();
    if (chunk.done) break;
    head.push(chunk.value);
    headBytes += chunk.value.length;
  }
  return {
    type: imageTypeOf(Buffer.concat(head)),
    whole: async function* () {
      for (const chunk of head) yield chunk;
      for (let chunk = await next(); !chunk.done; chunk = await next()) yield chunk.value;
    },
    drain: async () => {
      for (let chunk = await next(); !chunk.done; chunk = await next());
    },
  };
}
