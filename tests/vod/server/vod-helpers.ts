import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { AddressInfo } from "node:net";
import type { Endpoint } from "../../../resources/kernel/endpoint";
import { mediaApi, type MediaFile } from "../../../resources/vod/media-api";
import { ffmpegTools } from "../../../server/adapters/ffmpeg";
import { makeTestVideo } from "../../../server/services/media/ffmpeg-work";
import { signIn, startTestServer, type TestServer } from "../../kernel/server/helpers";
import { call } from "../../users/server/users-helpers";

export type Answer<T = unknown> = { status: number; body: { code: number; msg: string; data: T; count?: number } };

export interface VodWorld {
  s: TestServer;
  base: string;
  admin: string;
  otherAdmin: string;
  student: string;
  orgId: number;
  /** Two lives of the demo organisation. */
  lives: [number, number];
  /** Sample files made with ffmpeg: an H.264/AAC MP4 (copied) and an MPEG-4/PCM AVI (re-encoded). */
  samples: { mp4: Buffer; avi: Buffer };
}

/** A listening test server with the demo signed in; `samples: false` makes no sample files (a machine without ffmpeg). */
export async function startVod(opts: { samples?: boolean } = {}): Promise<VodWorld> {
  const s = await startTestServer();
  await s.app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = s.app.server.address() as AddressInfo;
  const admin = await signIn(s.app, "13800000000", "admin");
  const lives = await s.db.kysely
    .selectFrom("lives as l")
    .innerJoin("organisations as o", "o.id", "l.org_id")
    .select(["l.id", "l.org_id"])
    .where("o.name", "=", "示例学校")
    .where("l.voided", "=", 0)
    .orderBy("l.id")
    .limit(2)
    .execute();
  const samples = { mp4: Buffer.alloc(0), avi: Buffer.alloc(0) };
  if (opts.samples !== false) {
    const tools = ffmpegTools();
    if (!tools) throw new Error("these tests need ffmpeg");
    const mp4 = path.join(s.dataDir, "sample.mp4");
    const avi = path.join(s.dataDir, "sample.avi");
    await makeTestVideo(tools, mp4, 2);
    execFileSync(tools.ffmpeg, ["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=160x90:rate=10:duration=2", "-f", "lavfi", "-i", "sine=duration=2", "-c:v", "mpeg4", "-c:a", "pcm_s16le", "-shortest", avi]);
    samples.mp4 = fs.readFileSync(mp4);
    samples.avi = fs.readFileSync(avi);
  }
  return {
    s,
    base: `http://127.0.0.1:${port}`,
    admin,
    otherAdmin: await signIn(s.app, "13900000000", "admin"),
    student: await signIn(s.app, "13800000003", "student"),
    orgId: lives[0].org_id,
    lives: [lives[0].id, lives[1].id],
    samples,
  };
}

export const vod = <T = unknown>(w: VodWorld, cookie: string, endpoint: Endpoint, params: Record<string, unknown> = {}) =>
  call(w.s.app, cookie, endpoint, params) as Promise<Answer<T>>;

const metadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString("base64")}`)
    .join(",");

/** upload_token, the tus creation and one PATCH of every byte: what the binding page does for a file. Answers the video id and the tus answers. */
export async function upload(w: VodWorld, cookie: string, roomid: number, filename: string, bytes: Buffer) {
  const token = await vod<{ token: string; url: string; video_id: number }>(w, cookie, mediaApi.uploadToken, { roomid, filename, size: bytes.length });
  if (token.body.code !== 0) return { token, created: null, sent: null };
  const headers = { cookie, "tus-resumable": "1.0.0" };
  const created = await fetch(w.base + token.body.data.url, {
    method: "POST",
    headers: { ...headers, "upload-length": String(bytes.length), "upload-metadata": metadata({ filename, token: token.body.data.token }) },
  });
  const sent = await fetch(w.base + (created.headers.get("location") ?? ""), {
    method: "PATCH",
    headers: { ...headers, "upload-offset": "0", "content-type": "application/offset+octet-stream" },
    body: new Uint8Array(bytes),
  });
  return { token, created, sent, videoId: token.body.data.video_id };
}

/** Uploads, completes and runs the transcode: answers the video as the list shows it. */
export async function uploaded(w: VodWorld, roomid: number, filename: string, bytes: Buffer): Promise<MediaFile> {
  const { videoId, sent } = await upload(w, w.admin, roomid, filename, bytes);
  if (sent?.status !== 204) throw new Error(`upload of ${filename}: ${sent?.status}`);
  const done = await vod(w, w.admin, mediaApi.uploadComplete, { video_id: videoId });
  if (done.body.code !== 0) throw new Error(`complete ${filename}: ${done.body.msg}`);
  await w.s.app.jobs.drain();
  return (await listOf(w, roomid)).media_list.find((m) => m.video_id === videoId)!;
}

export async function listOf(w: VodWorld, roomid: number) {
  const res = await vod<{ media_list: MediaFile[]; version: number }>(w, w.admin, mediaApi.list, { roomid });
  if (res.body.code !== 0) throw new Error(res.body.msg);
  return res.body.data;
}
