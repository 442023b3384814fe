import fs from "node:fs";
import type { FastifyBaseLogger } from "fastify";
import { audioStates, mediaLimits, mediaMessages, type AudioItem } from "../../../resources/vod/media-api";
import type { FfmpegTools } from "../../adapters/ffmpeg";
import type { Db } from "../../db/database";
import { jobHolder, runOnce } from "../../engine/job-lease";
import type { Job, JobRunner } from "../../engine/jobs";
import { audioKind } from "./live-media";
import { mediaSubject, transcodeKind } from "./media";
import { BadMedia, extractAudio, transcode } from "./ffmpeg-work";
import { mediaUrl, storedNameOf, type MediaStore } from "./store";

const DAY = 86_400_000;
/** As long as tus keeps an unfinished upload (features/vod/upload.ts). */
export const ABANDONED_AFTER_MS = 7 * DAY;

/**
 * The media jobs (3 §4, 2 §4): run by the job runner with no request, so they read the rows of the
 * job's own organisation (`job.orgId`) directly, each query naming it.
 */
export function registerMediaJobs(runner: JobRunner, db: Db, store: MediaStore, tools: FfmpegTools | null) {
  const k = db.kysely;
  if (!tools) return;

  runner.register(transcodeKind, {
    async run(job: Job) {
      const { id } = job.payload as { id: number };
      const row = await k
        .selectFrom("media_files")
        .select(["source_name", "state"])
        .where("id", "=", id)
        .where("org_id", "=", job.orgId)
        .where("deleted_at", "is", null)
        .executeTakeFirst();
      if (!row || row.state !== "") return;
      const output = store.newName("mp4");
      const poster = store.newName("jpg");
      const source = store.incomingPathOf(row.source_name);
      let done: { duration: number; poster: boolean };
      try {
        done = await transcode(tools, source, store.pathOf(output), store.pathOf(poster));
      } catch (err) {
        if (!(err instanceof BadMedia)) throw err;
        await k.updateTable("media_files").set({ state: "failed", reason: err.message }).where("id", "=", id).where("org_id", "=", job.orgId).where("state", "=", "").execute();
        await store.remove(row.source_name);
        return;
      }
      const saved = await k
        .updateTable("media_files")
        .set({ state: "success", reason: "", output_name: output, poster_name: done.poster ? poster : "", duration: done.duration, transcoded_at: Date.now() })
        .where("id", "=", id)
        .where("org_id", "=", job.orgId)
        .where("state", "=", "")
        .where("deleted_at", "is", null)
        .executeTakeFirst();
      // Removed while it ran: what it made goes too.
      await store.remove(...(Number(saved.numUpdatedRows) ? [row.source_name] : [output, poster]));
    },
    async gaveUp(job) {
      const { id } = job.payload as { id: number };
      await k.updateTable("media_files").set({ state: "failed", reason: mediaMessages.notVideo }).where("id", "=", id).where("org_id", "=", job.orgId).where("state", "=", "").execute();
    },
  });

  runner.register(audioKind, {
    async run(job: Job) {
      const { liveId } = job.payload as { liveId: number };
      const recordings = await k
        .selectFrom("live_recordings")
        .select(["name", "url"])
        .where("live_id", "=", liveId)
        .where("org_id", "=", job.orgId)
        .where("deleted_at", "is", null)
        .orderBy("id")
        .execute();
      const items: AudioItem[] = [];
      const made: string[] = [];
      try {
        for (const [n, r] of recordings.entries()) {
          const file = storedNameOf(r.url);
          if (!file || !fs.existsSync(store.pathOf(file))) continue;
          const name = store.newName("m4a");
          made.push(name);
          const duration = await extractAudio(tools, store.pathOf(file), store.pathOf(name));
          const { size } = await fs.promises.stat(store.pathOf(name));
          items.push({ cdn_url: mediaUrl(name), name: `${r.name.replace(/\.[^.]*$/, "") || `录制${n + 1}`}.m4a`, duration, size });
        }
      } catch (err) {
        await store.remove(...made);
        throw err instanceof BadMedia ? new Error(err.message) : err;
      }
      const meta = store.newName("json");
      await fs.promises.writeFile(store.pathOf(meta), JSON.stringify(items));
      const before = await k.selectFrom("live_audio").select("meta_name").where("live_id", "=", liveId).where("org_id", "=", job.orgId).executeTakeFirst();
      await k.updateTable("live_audio").set({ status: audioStates.done, meta_name: meta, updated_at: Date.now() }).where("live_id", "=", liveId).where("org_id", "=", job.orgId).execute();
      if (before?.meta_name) await dropAudioList(store, before.meta_name);
    },
    async gaveUp(job) {
      const { liveId } = job.payload as { liveId: number };
      await k.updateTable("live_audio").set({ status: audioStates.notConverted, updated_at: Date.now() }).where("live_id", "=", liveId).where("org_id", "=", job.orgId).execute();
    },
  });
}

/** An earlier audio list and the audio it named. */
async function dropAudioList(store: MediaStore, meta: string) {
  try {
    const items = JSON.parse(await fs.promises.readFile(store.pathOf(meta), "utf8")) as AudioItem[];
    await store.remove(...items.map((i) => storedNameOf(i.cdn_url)));
  } catch {
    // A list already gone leaves nothing to drop.
  }
  await store.remove(meta);
}

/** Deletes for good what has been in the recycle bin longer than mediaLimits.recycleDays, and uploads abandoned half way, in every organisation. */
export async function purgeRecycled(db: Db, store: MediaStore, now = Date.now()): Promise<number> {
  const k = db.kysely;
  const before = now - mediaLimits.recycleDays * DAY;
  const media = await k.selectFrom("media_files").select(["id", "source_name", "output_name", "poster_name"]).where("deleted_at", "<", before).limit(500).execute();
  if (media.length) await k.deleteFrom("media_files").where("id", "in", media.map((m) => m.id)).execute();
  await store.remove(...media.flatMap((m) => [m.source_name, m.output_name, m.poster_name]).filter(Boolean));
  // Uploads begun and never completed hold a row that reads 转码中 for ever, and their bytes.
  const stale = await k
    .selectFrom("media_files")
    .select(["id", "source_name"])
    .where("state", "=", "")
    .where("created_at", "<", now - ABANDONED_AFTER_MS)
    .limit(500)
    .execute();
  const working = stale.length
    ? new Set((await k.selectFrom("jobs").select("subject").where("subject", "in", stale.map((m) => mediaSubject(m.id))).where("state", "in", ["queued", "running"]).execute()).map((j) => j.subject))
    : new Set<string>();
  const abandoned = stale.filter((m) => !working.has(mediaSubject(m.id)));
  if (abandoned.length) await k.deleteFrom("media_files").where("id", "in", abandoned.map((m) => m.id)).execute();
  await store.remove(...abandoned.map((m) => m.source_name).filter(Boolean));
  const recordings = await k.selectFrom("live_recordings").select(["id", "url"]).where("deleted_at", "<", before).limit(500).execute();
  if (recordings.length) await k.deleteFrom("live_recordings").where("id", "in", recordings.map((r) => r.id)).execute();
  for (const url of new Set(recordings.map((r) => r.url))) {
    const name = storedNameOf(url);
    if (!name) continue;
    const still =
      (await k.selectFrom("live_recordings").select("id").where("url", "=", url).executeTakeFirst()) ||
      (await k.selectFrom("media_files").select("id").where("output_name", "=", name).executeTakeFirst());
    if (!still) await store.remove(name);
  }
  return media.length + abandoned.length + recordings.length;
}

/** Looks every hour; the purge itself runs once a day across the processes (its lease). */
export function startRecyclePurge(app: { addHook: (name: "onReady" | "onClose", fn: () => Promise<void>) => unknown; log: FastifyBaseLogger }, db: Db, store: MediaStore) {
  const holder = jobHolder();
  let timer: NodeJS.Timeout | undefined;
  const tick = () =>
    void runOnce(db, "media-recycle-purge", holder, DAY, () => purgeRecycled(db, store)).catch((err) => app.log.warn({ err }, "recycle bin purge failed; the next run tries again"));
  app.addHook("onReady", async () => {
    timer = setInterval(tick, 3600_000).unref();
  });
  app.addHook("onClose", async () => clearInterval(timer));
}
