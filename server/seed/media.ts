import crypto from "node:crypto";
import fs from "node:fs";
import { ffmpegTools } from "../adapters/ffmpeg";
import type { Db } from "../db/database";
import { makeTestVideo } from "../services/media/ffmpeg-work";
import { mediaStore, mediaUrl } from "../services/media/store";

const SECONDS = 6;
const recordedCourse = "录播·Excel从入门到精通";

/**
 * Real files behind the demo's replays and recorded course: one short video (colour bars and a
 * tone, H.264/AAC, moov first) made with ffmpeg and shared by every seeded recording, so the
 * playback room, the replay download and the audio extraction have something to play; and, for the
 * recorded course, a session with two transcoded videos on shelf. Without ffmpeg the recordings
 * keep their placeholder addresses and the course its empty session list.
 */
export async function seedMedia(db: Db, dataDir: string, say: (line: string) => void = () => undefined, now = Date.now()): Promise<void> {
  const tools = ffmpegTools();
  if (!tools) {
    say("ffmpeg not found: the demo's replays and recorded course get no video files");
    return;
  }
  const k = db.kysely;
  const org = await k.selectFrom("organisations").select("id").where("name", "=", "示例学校").executeTakeFirst();
  if (!org) return;
  const store = mediaStore(dataDir);
  const video = store.newName("mp4");
  await makeTestVideo(tools, store.pathOf(video), SECONDS);
  const size = (await fs.promises.stat(store.pathOf(video))).size;
  await k
    .updateTable("live_recordings")
    .set({ url: mediaUrl(video), duration_seconds: SECONDS, size_bytes: size })
    .where("org_id", "=", org.id)
    .where("url", "like", "/uploads/recordings/%")
    .execute();

  const course = await k.selectFrom("courses").select(["id"]).where("org_id", "=", org.id).where("title", "=", recordedCourse).executeTakeFirst();
  if (!course || (await k.selectFrom("lives").select("id").where("course_id", "=", course.id).executeTakeFirst())) return;
  const begin = now - 7 * 86_400_000;
  const live = await k
    .insertInto("lives")
    .values({
      org_id: org.id,
      course_id: course.id,
      title: "第一节：认识Excel界面",
      begin_time: begin,
      end_time: begin + 3600_000,
      status: 2,
      scale: 200,
      encrypt_room_id: crypto.randomBytes(16).toString("hex"),
      created_at: begin,
      updated_at: begin,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  // Each video its own copy: purging one from the recycle bin removes its files and no other's.
  const files = [];
  for (const [n, filename] of ["认识界面.mp4", "输入数据.mp4"].entries()) {
    const output = store.newName("mp4");
    await fs.promises.copyFile(store.pathOf(video), store.pathOf(output));
    files.push({ org_id: org.id, live_id: live.id, idx: n + 1, filename, state: "success", output_name: output, duration: SECONDS, size, created_at: begin + n });
  }
  await k.insertInto("media_files").values(files).execute();
  await k.insertInto("media_versions").values({ live_id: live.id, org_id: org.id, version: 1 }).execute();
}
