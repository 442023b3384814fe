import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql, type ExpressionBuilder } from "kysely";
import { cloudDisk } from "../../../resources/cloud-disk/cloud-disk";
import type { Db } from "../../db/database";
import type { Database } from "../../db/schema";
import { jobHolder, runOnce } from "../../engine/job-lease";
import { objectState, previewState } from "./items";
import type { DiskStore } from "./store";

/** Turns an office document into a PDF in `outDir`, answering the PDF's path; rejects on failure or after `timeoutMs`. */
export interface OfficeConverter {
  convert(input: string, outDir: string, timeoutMs: number): Promise<string>;
}

export const CONVERT_TIMEOUT_MS = 120_000;
const MAX_TRIES = 3;
const SWEEP_MS = 60_000;
/** A claim older than this is taken to be a process that died mid-conversion. */
const STALE_CLAIM_MS = CONVERT_TIMEOUT_MS + 60_000;

/**
 * LibreOffice headless (`soffice --convert-to pdf`). Each conversion gets its own profile folder:
 * LibreOffice locks its profile, and two processes (or a leftover one) sharing it would wait on
 * each other. The whole process group is killed at the time-out, since soffice forks.
 */
export function sofficeConverter(binary: string): OfficeConverter {
  return {
    convert: (input, outDir, timeoutMs) =>
      new Promise((resolve, reject) => {
        const profile = fs.mkdtempSync(path.join(os.tmpdir(), "lectern-soffice-"));
        const child = spawn(
          binary,
          ["--headless", "--norestore", "--nolockcheck", "--nodefault", `-env:UserInstallation=file://${profile}`, "--convert-to", "pdf", "--outdir", outDir, input],
          { detached: true, stdio: "ignore" },
        );
        const timer = setTimeout(() => {
          try {
            process.kill(-child.pid!, "SIGKILL");
          } catch {
            // already gone
          }
        }, timeoutMs);
        const done = (err: Error | null) => {
          clearTimeout(timer);
          fs.rmSync(profile, { recursive: true, force: true });
          const pdf = path.join(outDir, `${path.basename(input, path.extname(input))}.pdf`);
          if (!err && fs.existsSync(pdf)) resolve(pdf);
          else reject(err ?? new Error("soffice wrote no PDF"));
        };
        child.on("error", done);
        child.on("exit", (code, signal) => done(code === 0 ? null : new Error(`soffice ended with ${signal ?? code}`)));
      }),
  };
}

/**
 * Converts one waiting office document, if there is one; answers whether it found one. Any
 * number of server processes may run this at once: a document is claimed by a conditional update
 * that only one of them wins, and the result is written only under that same claim, so each
 * document is converted once and a late process never overwrites a newer claim. A claim left by a
 * process that died is taken over after STALE_CLAIM_MS; a document fails after MAX_TRIES.
 *
 * The job serves every organisation and is no request handler: it reads the table directly.
 */
export async function convertNext(db: Db, store: DiskStore, converter: OfficeConverter, timeoutMs = CONVERT_TIMEOUT_MS): Promise<boolean> {
  const k = db.kysely;
  const now = Date.now();
  const claimable = (eb: ExpressionBuilder<Database, "cloud_objects">) =>
    eb.or([
      eb("preview_state", "=", previewState.waiting),
      eb.and([eb("preview_state", "=", previewState.converting), eb("preview_claimed_at", "<", now - STALE_CLAIM_MS)]),
    ]);
  const next = await k.selectFrom("cloud_objects").select("id").where(claimable).where("state", "=", objectState.ready).orderBy("id").limit(1).executeTakeFirst();
  if (!next) return false;
  const claimed = await k
    .updateTable("cloud_objects")
    .set({ preview_state: previewState.converting, preview_claimed_at: now, preview_tries: sql`preview_tries + 1` })
    .where("id", "=", next.id)
    .where(claimable)
    .returning(["id", "name", "preview_tries"])
    .executeTakeFirst();
  if (!claimed) return true; // another process took it; look again
  const ours = k.updateTable("cloud_objects").where("id", "=", claimed.id).where("preview_state", "=", previewState.converting).where("preview_claimed_at", "=", now);
  const source = store.pathOf(claimed.name);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "lectern-convert-"));
  try {
    if (!source) throw new Error(`no stored file ${claimed.name}`);
    // The converter names its PDF after its input, so it reads a copy named by the object.
    const input = path.join(work, `${claimed.id}${path.extname(claimed.name)}`);
    await fs.promises.copyFile(source, input);
    const pdf = await converter.convert(input, work, timeoutMs);
    const name = await store.adopt(pdf, "pdf");
    const written = await ours.set({ preview_state: previewState.done, preview_name: name, updated_at: Date.now() }).executeTakeFirst();
    if (Number(written.numUpdatedRows) === 0) await store.remove([name]);
  } catch {
    await ours.set({ preview_state: claimed.preview_tries >= MAX_TRIES ? previewState.failed : previewState.waiting, updated_at: Date.now() }).execute();
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  return true;
}

/**
 * What nobody will use: uploads never completed within a day, failed ones after an hour, and
 * completed files no item has pointed at for a day (an upload whose add never came). Their rows,
 * their share of the quota and their bytes go. Bounded per run. A file is deleted only while no
 * item points at it: the statement says so, and the foreign key refuses it otherwise (an add
 * holds the file's row while it points an item at it, services/cloud-disk/tree.ts).
 */
export async function sweepUploads(db: Db, store: DiskStore, now = Date.now()): Promise<number> {
  const k = db.kysely;
  const dayAgo = now - cloudDisk.uploadLifeMs;
  const unused = (eb: ExpressionBuilder<Database, "cloud_objects">) =>
    eb.not(eb.exists(eb.selectFrom("cloud_files").select("cloud_files.id").whereRef("cloud_files.object_id", "=", "cloud_objects.id")));
  const stale = await k
    .selectFrom("cloud_objects")
    .select(["id", "guid", "name", "preview_name"])
    .where((eb) =>
      eb.or([
        eb.and([eb("state", "=", objectState.uploading), eb("created_at", "<", dayAgo)]),
        eb.and([eb("state", "=", objectState.failed), eb("updated_at", "<", now - 3600_000)]),
        eb.and([eb("state", "=", objectState.ready), eb("created_at", "<", dayAgo), unused(eb)]),
      ]),
    )
    .limit(500)
    .execute();
  if (!stale.length) return 0;
  const gone = await k.deleteFrom("cloud_objects").where("id", "in", stale.map((s) => s.id)).where(unused).returning(["id", "guid", "name", "preview_name"]).execute();
  const names = gone.flatMap((o) => [o.name, o.preview_name]).filter(Boolean);
  if (names.length) await k.deleteFrom("uploads").where("name", "in", names).execute();
  await store.remove(names);
  for (const { guid } of gone) await store.dropUpload(guid);
  return gone.length;
}

/**
 * Runs conversions one at a time while the server is up (a wake-up after each finished upload,
 * and a look every few seconds for work other processes left), and the sweep every minute.
 * Conversions run in every process: each document is claimed by one of them (convertNext), so
 * several processes convert several documents at once. The sweep is the same work wherever it
 * runs: it runs once a minute across the processes (its lease).
 */
export function startDiskJobs(db: Db, store: DiskStore, converter: OfficeConverter | null, log: { warn: (obj: object, msg: string) => void }) {
  const holder = jobHolder();
  let running = false;
  let stopped = false;
  const drain = async () => {
    if (running || stopped || !converter) return;
    running = true;
    try {
      while (!stopped && (await convertNext(db, store, converter)));
    } catch (err) {
      log.warn({ err }, "cloud-disk conversion failed; the next run tries again");
    } finally {
      running = false;
    }
  };
  const look = setInterval(() => void drain(), 5_000);
  const sweep = setInterval(() => {
    const now = Date.now();
    runOnce(db, "cloud-disk.sweep", holder, SWEEP_MS, () => sweepUploads(db, store, now), now).catch((err) => log.warn({ err }, "cloud-disk sweep failed"));
  }, SWEEP_MS);
  look.unref();
  sweep.unref();
  return {
    wake: () => void drain(),
    stop: () => {
      stopped = true;
      clearInterval(look);
      clearInterval(sweep);
    },
  };
}
