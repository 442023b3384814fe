import { spawn, execFile, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { RawData, WebSocket } from "ws";
import { parseLiveConfig } from "../../../resources/lives/live-config";
import { broadcastSettings, roomApi, roomMessages, smallClassLiveTypes } from "../../../resources/rooms/room-api";
import type { BroadcastState, PublishClientMessage, PublishServerMessage, RoomBroadcast } from "../../../resources/rooms/room-protocol";
import type { FfmpegTools } from "../../adapters/ffmpeg";
import { mediaUrl, type MediaStore } from "../media/store";
import type { Db } from "../../db/database";
import { ApiError } from "../../plugins/envelope";
import { runOnce } from "../../engine/job-lease";
import { signedScope, type OrgScope, type SignedOrg } from "../../engine/org-scope";
import { emit } from "../data-push/emit";
import type { BusEvent } from "./bus";
import { liveEncodeArgs } from "./hls-encode";
import { liveStaff, loadLive, type LiveRow } from "./presence";
import { verifyPushKey } from "./push-key";
import { verifyRoomToken, type RoomGrant } from "./room-token";
import { entryMinutes } from "./live-times";

const HELLO_MS = 10_000;
const CHECK_MS = 5_000;
/** How often a new run looks for its first segment in the playlist (then the live is shown as live). */
const PLAYLIST_POLL_MS = 300;
export const PLAYLIST = "live.m3u8";
/** A segment: r<run>-<index>.ts; the index goes on across runs, so it orders the whole recording. */
const segmentName = /^r(\d+)-(\d{5,})\.ts$/;
const folderName = /^[0-9a-f]{32}$/;
/** How often lives left by a process that stopped are looked for (see `sweep`). */
const SWEEP_MS = 60_000;

/** What is kept of a live's publication beside its files (DATA_DIR/broadcasts/<live>/state.json). */
interface Stored {
  /** The live's organisation: a live left by a stopped process is ended from this (see `sweep`). */
  org?: number;
  /** The random folder of its HLS files: the playlist's address carries it. */
  folder: string;
  state: BroadcastState;
  /** ffmpeg runs so far (one a publisher connection). */
  runs: number;
  /** The assistant the teacher gave the floor to, who may publish too. */
  floor?: { id: number; name: string } | null;
}

interface Run {
  proc: ChildProcess;
  exited: Promise<void>;
  /** Set when ffmpeg was stopped on purpose (its publisher left): not a failure. */
  stopping: boolean;
}

/**
 * Where a publication comes from: the browser's webm chunks over the publish WebSocket, or an
 * encoder's RTMP pushed to the ingest as FLV (rtmp-ingest.ts). Both are bytes ffmpeg reads on its
 * stdin; only how ffmpeg reads them and how the publisher is told and dropped differ.
 */
export interface Publisher {
  /** ffmpeg's options for reading the bytes, before `-i pipe:0`. */
  readonly input: readonly string[];
  /** Still connected. */
  readonly open: boolean;
  /** Words for the publisher: the browser's page shows them; an encoder has no such channel. */
  send(message: PublishServerMessage): void;
  /** Drops the connection. */
  close(code: number, reason: string): void;
}

/** The browser's publication: MediaRecorder's webm (timestamps made up where the recorder leaves them out). */
function socketPublisher(socket: WebSocket): Publisher {
  return {
    input: ["-fflags", "+genpts"],
    get open() {
      return socket.readyState === socket.OPEN;
    },
    send: (message) => send(socket, message),
    close: (code, reason) => socket.close(code, reason),
  };
}

/** A live being published from this process. */
interface Cast {
  liveId: number;
  title: string;
  endTime: number;
  scope: OrgScope;
  publisher: Publisher | null;
  /** Who the publisher is: an identity of the live's staff (0 for an encoder) and whether it is the assistant holding the floor. */
  publisherId: number;
  publisherHasFloor: boolean;
  run: Run | null;
  /** When the last publisher left. */
  goneAt: number;
  /** Starting, stopping and ending one after another. */
  chain: Promise<unknown>;
  ending: boolean;
}

export interface BroadcastOptions {
  db: Db;
  key: Buffer;
  dataDir: string;
  /** Where the recording goes: the media store, beside the recorded sessions' videos (served signed, with ranges; audio and the recycle bin read it there). */
  media: MediaStore;
  tools: () => FfmpegTools | null;
  publish: (event: BusEvent) => Promise<void>;
  log: FastifyBaseLogger;
  /** broadcastSettings.publisherGoneMs unless a test says otherwise. */
  publisherGoneMs?: number;
  /** This process in the job leases: lives left by a stopped process are ended by one process. */
  holder?: string;
}

const send = (socket: WebSocket, message: PublishServerMessage) => {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
};

/**
 * The teacher's publication of a large class (issue 18): MediaRecorder's webm chunks arriving on a
 * WebSocket, or an encoder's RTMP on manual push (rtmp-ingest.ts), are piped into ffmpeg, which
 * writes HLS (H.264 + AAC, ~2 s segments) into a folder of DATA_DIR with a random name. A
 * reconnecting publisher starts a new ffmpeg run that appends to the same playlist after a
 * discontinuity, so viewers keep one address. Every segment stays on disk until the live ends:
 * they are the recording as it goes, joined then into one MP4 (a crash loses at most the segment
 * being written), after which the folder is removed. The state (waiting, live, ended) is kept in a
 * small file beside the folder, readable by every process sharing DATA_DIR, and announced on the
 * room bus.
 */
export class Broadcasts {
  private readonly casts = new Map<number, Cast>();
  private readonly timer: NodeJS.Timeout;
  private readonly sweeper: NodeJS.Timeout | null;
  private sweeping: Promise<unknown> = Promise.resolve();
  private readonly root: string;

  constructor(private readonly opts: BroadcastOptions) {
    this.root = path.join(opts.dataDir, "broadcasts");
    // Looked at often enough for a short wait (a test's) to be kept roughly.
    this.timer = setInterval(() => this.check(), Math.min(CHECK_MS, opts.publisherGoneMs ?? CHECK_MS)).unref();
    const holder = opts.holder;
    this.sweeper = holder
      ? setInterval(() => {
          this.sweeping = runOnce(opts.db, "rooms.broadcast-orphans", holder, Math.min(SWEEP_MS, this.goneMs), () => this.sweep(Date.now())).catch((err) =>
            opts.log.warn({ err }, "broadcast: looking for lives left by a stopped process failed; the next run tries again"),
          );
        }, Math.min(SWEEP_MS, this.goneMs)).unref()
      : null;
  }

  private get goneMs(): number {
    return this.opts.publisherGoneMs ?? broadcastSettings.publisherGoneMs;
  }

  /** What the room shows of a live's publication. */
  async stateOf(liveId: number): Promise<RoomBroadcast> {
    const stored = await this.read(liveId);
    return this.shown(liveId, stored);
  }

  /** The file of a live's HLS the address names, or null (a wrong folder answers as a missing file). */
  async fileOf(liveId: number, folder: string, file: string): Promise<{ path: string; type: string } | null> {
    if (!folderName.test(folder) || (file !== PLAYLIST && !segmentName.test(file))) return null;
    const stored = await this.read(liveId);
    if (!stored || stored.folder !== folder) return null;
    return { path: path.join(this.dirOf(liveId), folder, file), type: file === PLAYLIST ? "application/vnd.apple.mpegurl" : "video/mp2t" };
  }

  /**
   * Where the live's recording is now (ms), for a chapter mark: the recording joins every run's
   * segments with the pauses between runs left out, so each run counts from its first segment
   * (whose file is last written about a segment after the run began) to its last one, or to now for
   * the run being published. Null before the first segment and once ended.
   */
  async recordedMs(liveId: number, now = Date.now()): Promise<number | null> {
    const stored = await this.read(liveId);
    if (!stored || stored.state === "ended") return null;
    const dir = path.join(this.dirOf(liveId), stored.folder);
    const spans = new Map<number, { first: number; last: number }>();
    for (const name of await fs.promises.readdir(dir).catch(() => [] as string[])) {
      const m = segmentName.exec(name);
      const at = m && (await fs.promises.stat(path.join(dir, name)).catch(() => null))?.mtimeMs;
      if (!m || !at) continue;
      const span = spans.get(Number(m[1]));
      spans.set(Number(m[1]), { first: Math.min(span?.first ?? at, at), last: Math.max(span?.last ?? at, at) });
    }
    if (!spans.size) return null;
    const segmentMs = broadcastSettings.segmentSeconds * 1000;
    let total = 0;
    for (const [run, span] of spans) total += (run === stored.runs && stored.state === "live" ? now : span.last) - span.first + segmentMs;
    return Math.max(0, Math.round(total));
  }

  /** The publisher's WebSocket: hello with the teacher's room token, then webm chunks, then maybe 结束直播. */
  accept(socket: WebSocket): void {
    const publisher = socketPublisher(socket);
    let cast: Cast | null = null;
    let admitting: Promise<void> | null = null;
    const hello = setTimeout(() => socket.close(4001, "no hello"), HELLO_MS);
    const fatal = (msg: string) => {
      send(socket, { t: "error", msg, fatal: true });
      socket.close(4003, "refused");
    };
    socket.on("message", (raw: RawData, binary: boolean) => {
      if (binary) {
        // Looked up by publisher, not by `cast` above: "ready" goes out before the admission settles.
        this.feed(publisher, raw as Buffer);
        return;
      }
      let message: PublishClientMessage;
      try {
        message = JSON.parse(raw.toString()) as PublishClientMessage;
      } catch {
        return;
      }
      if (!cast && !admitting) {
        clearTimeout(hello);
        if (message?.t !== "hello" || typeof message.token !== "string") return fatal(roomMessages.tokenInvalid);
        admitting = this.admit(publisher, message.token)
          .then((admitted) => {
            if (typeof admitted === "string") return fatal(admitted);
            cast = admitted;
          })
          .catch((err) => {
            this.opts.log.error({ err }, "broadcast: admitting a publisher failed");
            fatal(roomMessages.networkError);
          });
        return;
      }
      const publishing = this.publishedBy(publisher);
      // The live is the teacher's to end; an assistant holding the floor only publishes.
      if (publishing && message?.t === "end") {
        if (publishing.publisherHasFloor) publisher.send({ t: "error", msg: roomMessages.endTeacherOnly });
        else void this.end(publishing, publisher);
      }
    });
    socket.on("close", () => {
      clearTimeout(hello);
      void (admitting ?? Promise.resolve()).then(() => {
        if (cast && cast.publisher === publisher) this.left(cast);
      });
    });
  }

  /**
   * An encoder's publication (pushStreamType 1) by the live's stream key, once its bytes can go to
   * ffmpeg: null, or why it was refused (logged; the ingest drops the connection). What is refused
   * and why: a key this server did not make for the live, an organisation or live that is not there
   * (or voided), a live not set to manual push, and a time outside the live's window (from the
   * teachers' entry time before its start to its end); then what refuses a browser's publication.
   */
  async push(publisher: Publisher, streamKey: string, now = Date.now()): Promise<string | null> {
    const claim = verifyPushKey(this.opts.key, streamKey);
    if (!claim) return "the stream key is not one this server made for a live";
    const scope = signedScope(claim, this.opts.db, { id: 0, name: "推流", role: "teacher" });
    const org = await scope.shared.selectFrom("organisations").select("id").where("id", "=", claim.orgId).executeTakeFirst();
    if (!org) return `organisation ${claim.orgId} does not exist`;
    const live = await loadLive(scope, claim.liveId);
    if (!live || live.voided) return `live ${claim.liveId} does not exist or is voided`;
    if (parseLiveConfig(live.config).pushStreamType !== "1") return `live ${live.id} is not set to manual push (pushStreamType 1)`;
    const early = (entryMinutes(live.config, "teacher") ?? 0) * 60_000;
    if (now < live.begin_time - early) return `live ${live.id} opens for pushing at ${new Date(live.begin_time - early).toISOString()}`;
    if (now >= live.end_time) return `live ${live.id} ended at ${new Date(live.end_time).toISOString()}`;
    const admitted = await this.take(publisher, scope, live);
    return typeof admitted === "string" ? `live ${live.id}: ${admitted}` : null;
  }

  /** Bytes of a publication: to its live's ffmpeg run, once there is one. */
  feed(publisher: Publisher, chunk: Buffer): void {
    const publishing = this.publishedBy(publisher);
    if (publishing?.run) this.write(publishing, publisher, chunk);
  }

  /** The publisher's connection closed: its live waits for it (and ends past its end time, see `check`). */
  gone(publisher: Publisher): void {
    const publishing = this.publishedBy(publisher);
    if (publishing) this.left(publishing);
  }

  /** Ends every run of this process (the server is stopping); the lives wait for their teacher, who reconnects to another process. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    if (this.sweeper) clearInterval(this.sweeper);
    for (const cast of this.casts.values()) {
      const publisher = cast.publisher;
      if (!publisher) continue;
      this.left(cast);
      publisher.close(1001, "server closing");
    }
    await Promise.all([...this.casts.values()].map((cast) => cast.chain));
    await this.sweeping;
  }

  private publishedBy(publisher: Publisher): Cast | undefined {
    for (const cast of this.casts.values()) if (cast.publisher === publisher) return cast;
    return undefined;
  }

  /** Runs `work` after what the live is already doing; a failure is the caller's, never the next work's. */
  private queue(cast: Cast, work: () => Promise<void>): Promise<void> {
    const next = cast.chain.then(work);
    cast.chain = next.catch(() => undefined);
    return next;
  }

  /** Ends a live: its publisher is told, ffmpeg stops, the segments become an MP4 and a live_recordings row. */
  private end(cast: Cast, publisher: Publisher | null): Promise<void> {
    if (cast.ending) return cast.chain.then(() => undefined);
    cast.ending = true;
    const done = this.queue(cast, async () => {
      await this.stopRun(cast);
      const stored = await this.read(cast.liveId);
      if (!stored || stored.state === "ended") return;
      await this.save(cast.liveId, { ...stored, state: "ended" });
      // The live is over now, not at its planned end: the portal offers its replay once it is listed (2 §4 LiveState 2).
      await cast.scope.updateTable("lives", { status: 2 }).where("id", "=", cast.liveId).execute();
      emit(cast.scope, "live.ended", { liveid: cast.liveId, title: cast.title, time: Date.now() });
      // A player at the end of the playlist stops there instead of waiting for more.
      await fs.promises.appendFile(path.join(this.dirOf(cast.liveId), stored.folder, PLAYLIST), "#EXT-X-ENDLIST\n").catch(() => {});
      await this.announce(cast.liveId, { ...stored, state: "ended" });
      let msg: string | undefined;
      try {
        if (!(await this.record(cast, stored))) msg = roomMessages.noRecording;
        // The recording holds them now; a failed one keeps them, to be joined again by hand.
        await fs.promises.rm(path.join(this.dirOf(cast.liveId), stored.folder), { recursive: true, force: true });
      } catch (err) {
        this.opts.log.error({ err, live: cast.liveId }, "broadcast: making the recording failed");
        msg = roomMessages.recordingFailed;
      }
      if (publisher) {
        publisher.send(msg ? { t: "ended", msg } : { t: "ended" });
        publisher.close(1000, "ended");
      }
      this.casts.delete(cast.liveId);
    });
    return done.then(
      () => undefined,
      (err) => this.opts.log.error({ err, live: cast.liveId }, "broadcast: ending failed"),
    );
  }

  private async admit(publisher: Publisher, token: string): Promise<Cast | string> {
    const grant = verifyRoomToken(this.opts.key, token, Date.now());
    if (!grant) return roomMessages.tokenInvalid;
    // The live's teacher (a room token says "teacher" only for one of the live's teachers,
    // room-access.ts), or the assistant the teacher gave the floor to.
    if (grant.playType !== 1 || (grant.role !== "teacher" && !(grant.role === "assistant" && (await this.read(grant.liveId))?.floor?.id === grant.identityId)))
      return roomMessages.publishTeacherOnly;
    const scope = signedScope(grant, this.opts.db, { id: grant.identityId, name: grant.name, role: "teacher" });
    const live = await loadLive(scope, grant.liveId);
    if (!live) return roomMessages.liveNotFound;
    if (live.voided) return roomMessages.voided;
    return this.take(publisher, scope, live, grant.identityId, grant.role === "assistant");
  }

  /**
   * The live's teacher gives the floor to an assistant of the live (`key` "i<identity>"), who may then
   * publish in the teacher's place, or takes it back (""): an assistant publishing is then stopped.
   * Everyone in the room hears who holds it.
   */
  async setFloor(grant: RoomGrant & SignedOrg, key: string): Promise<void> {
    if (grant.role !== "teacher" || grant.playType !== 1) throw new ApiError(403, roomMessages.floorTeacherOnly);
    const scope = signedScope(grant, this.opts.db, { id: grant.identityId, name: grant.name, role: "teacher" });
    const live = await loadLive(scope, grant.liveId);
    if (!live || live.voided) throw new ApiError(403, live ? roomMessages.voided : roomMessages.liveNotFound);
    let floor: Stored["floor"] = null;
    if (key) {
      const assistant = await liveStaff(scope, live.id, "assistant").select(["i.id", "i.name"]).where("i.id", "=", Number(key.slice(1))).executeTakeFirst();
      if (!assistant) throw new ApiError(403, roomMessages.floorAssistantOnly);
      floor = { id: assistant.id, name: assistant.name };
    }
    const previous = await this.read(live.id);
    if (previous?.state === "ended") throw new ApiError(403, roomMessages.publishEnded);
    const stored: Stored = previous ? { ...previous, floor } : { org: grant.orgId, folder: crypto.randomBytes(16).toString("hex"), state: "waiting", runs: 0, floor };
    await this.save(live.id, stored);
    const cast = this.casts.get(live.id);
    const holder = cast?.publisher && cast.publisherId;
    if (cast?.publisher && holder && holder === previous?.floor?.id && holder !== floor?.id) {
      cast.publisher.send({ t: "error", msg: roomMessages.floorTaken, fatal: true });
      cast.publisher.close(4003, "floor taken");
    }
    await this.announce(live.id, stored);
  }

  /** A publisher admitted by its source's rules takes the live's publication: a new ffmpeg run, after whatever the live is doing. */
  private async take(publisher: Publisher, scope: OrgScope, live: LiveRow, publisherId = 0, hasFloor = false): Promise<Cast | string> {
    if (smallClassLiveTypes.includes(live.scale)) return roomMessages.publishSmallClass;
    const tools = this.opts.tools();
    if (!tools) {
      this.opts.log.error({ live: live.id }, "broadcast: ffmpeg is not installed; a teacher's publication was refused");
      return roomMessages.publishNoFfmpeg;
    }
    const stored = await this.read(live.id);
    if (stored?.state === "ended") return roomMessages.publishEnded;

    let cast = this.casts.get(live.id);
    if (!cast) {
      cast = { liveId: live.id, title: live.title, endTime: live.end_time, scope, publisher: null, publisherId: 0, publisherHasFloor: false, run: null, goneAt: Date.now(), chain: Promise.resolve(), ending: false };
      this.casts.set(live.id, cast);
    }
    if (cast.ending) return roomMessages.publishEnded;
    // The newest publisher publishes: an older one (another tab, a page or an encoder that lost its network) is told and closed.
    const older = cast.publisher;
    cast.publisher = publisher;
    cast.publisherId = publisherId;
    cast.publisherHasFloor = hasFloor;
    if (older && older !== publisher) {
      older.send({ t: "error", msg: roomMessages.publishReplaced, fatal: true });
      older.close(4003, "replaced");
    }
    const c = cast;
    await this.queue(c, async () => {
      await this.stopRun(c);
      if (c.publisher !== publisher || !publisher.open) return;
      await this.startRun(c, tools, publisher);
      publisher.send({ t: "ready" });
    }).catch((err) => {
      this.opts.log.error({ err, live: c.liveId }, "broadcast: starting ffmpeg failed");
      publisher.send({ t: "error", msg: roomMessages.publishFailed, fatal: true });
      publisher.close(4003, "failed");
    });
    return c;
  }

  private async startRun(cast: Cast, tools: FfmpegTools, publisher: Publisher): Promise<void> {
    const previous = await this.read(cast.liveId);
    const stored: Stored = {
      org: cast.scope.orgId,
      folder: previous?.folder ?? crypto.randomBytes(16).toString("hex"),
      state: previous?.state ?? "waiting",
      runs: (previous?.runs ?? 0) + 1,
      floor: previous?.floor ?? null,
    };
    const dir = path.join(this.dirOf(cast.liveId), stored.folder);
    await fs.promises.mkdir(dir, { recursive: true });
    await this.save(cast.liveId, stored);
    const args = [
      ...["-hide_banner", "-loglevel", "error", ...publisher.input, "-i", "pipe:0"],
      ...liveEncodeArgs(),
      ...["-f", "hls", "-hls_time", String(broadcastSettings.segmentSeconds), "-hls_list_size", String(broadcastSettings.listSize)],
      // append_list: a new run continues the playlist after a discontinuity; omit_endlist: a
      // publisher who drops is not the end (ending appends the end tag itself); no delete_segments:
      // the segments are the recording.
      ...["-hls_flags", "append_list+omit_endlist+independent_segments", "-hls_segment_filename", path.join(dir, `r${stored.runs}-%05d.ts`)],
      path.join(dir, PLAYLIST),
    ];
    const proc = spawn(tools.ffmpeg, args, { stdio: ["pipe", "ignore", "pipe"] });
    let errors = "";
    proc.stderr!.on("data", (d: Buffer) => void (errors = (errors + d.toString()).slice(-2000)));
    // A publisher gone mid-write makes stdin fail: ffmpeg's exit says what matters.
    proc.stdin!.on("error", () => {});
    const run: Run = {
      proc,
      stopping: false,
      exited: new Promise((resolve) => {
        proc.on("error", (err) => {
          this.opts.log.error({ err, live: cast.liveId }, "broadcast: ffmpeg could not run");
          resolve();
        });
        proc.on("close", (code) => {
          if (!run.stopping && code !== 0) {
            this.opts.log.error({ live: cast.liveId, code, stderr: errors }, "broadcast: ffmpeg stopped");
            // Not fatal: the page or the encoder reconnects and a new run starts (a bad moment of input, not of the live).
            if (cast.publisher === publisher) {
              publisher.send({ t: "error", msg: roomMessages.publishFailed });
              publisher.close(1011, "ffmpeg stopped");
            }
          }
          resolve();
        });
      }),
    };
    cast.run = run;
    void this.whenSegment(cast, run, stored);
  }

  /** Once the run's first segment is in the playlist, the live is shown as live. */
  private async whenSegment(cast: Cast, run: Run, stored: Stored): Promise<void> {
    const file = path.join(this.dirOf(cast.liveId), stored.folder, PLAYLIST);
    let exited = false;
    void run.exited.then(() => (exited = true));
    while (!exited && cast.run === run) {
      const text = await fs.promises.readFile(file, "utf8").catch(() => "");
      if (text.includes(`r${stored.runs}-`)) {
        const now = await this.read(cast.liveId);
        if (now && now.state !== "ended") {
          await this.save(cast.liveId, { ...now, state: "live" });
          await this.announce(cast.liveId, { ...now, state: "live" });
          // The first publication starts the live; a teacher reconnecting resumes it.
          if (now.runs === 1 && now.state === "waiting") emit(cast.scope, "live.started", { liveid: cast.liveId, title: cast.title, time: Date.now() });
        }
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, PLAYLIST_POLL_MS));
    }
  }

  private write(cast: Cast, publisher: Publisher, chunk: Buffer): void {
    const stdin = cast.run?.proc.stdin;
    if (!stdin || stdin.destroyed) return;
    if (stdin.writableLength > broadcastSettings.maxBacklogBytes) {
      this.opts.log.warn({ live: cast.liveId }, "broadcast: ffmpeg fell behind; the publisher was dropped");
      publisher.send({ t: "error", msg: roomMessages.publishTooSlow, fatal: true });
      publisher.close(4003, "too slow");
      return;
    }
    stdin.write(chunk);
  }

  /** The publisher left without ending: ffmpeg finishes what it has, the room shows waiting. */
  private left(cast: Cast): void {
    cast.publisher = null;
    cast.goneAt = Date.now();
    if (cast.ending) return;
    this.queue(cast, async () => {
      await this.stopRun(cast);
      if (cast.publisher || cast.ending) return;
      const stored = await this.read(cast.liveId);
      if (stored && stored.state === "live") {
        await this.save(cast.liveId, { ...stored, state: "waiting" });
        await this.announce(cast.liveId, { ...stored, state: "waiting" });
      }
    }).catch((err) => this.opts.log.error({ err, live: cast.liveId }, "broadcast: stopping a run failed"));
  }

  /** Closes ffmpeg's input and waits for it to write its last segment. */
  private async stopRun(cast: Cast): Promise<void> {
    const run = cast.run;
    if (!run) return;
    run.stopping = true;
    run.proc.stdin?.end();
    const killer = setTimeout(() => run.proc.kill("SIGKILL"), 15_000);
    await run.exited;
    clearTimeout(killer);
    if (cast.run === run) cast.run = null;
  }

  /** A live whose publisher has been gone long enough after its end time is ended as by 结束直播. */
  private check(): void {
    const now = Date.now();
    for (const cast of this.casts.values())
      if (!cast.publisher && !cast.ending && now >= cast.endTime && now - cast.goneAt >= this.goneMs) void this.end(cast, null);
  }

  /**
   * Lives no process publishes any more (the one that did stopped, or died, and its publisher did
   * not come back to another): their playlist has not changed for twice the publisher's allowance,
   * beyond which a process still holding one would have ended it itself. Past its end time such a
   * live is ended and recorded here, as by 结束直播; before it, one still shown as live is shown as
   * waiting. Run by one process at a time (the lease in the constructor).
   */
  private async sweep(now: number): Promise<void> {
    const names = await fs.promises.readdir(this.root).catch(() => [] as string[]);
    for (const name of names) {
      const liveId = Number(name);
      if (!/^[1-9]\d*$/.test(name) || this.casts.has(liveId)) continue;
      const stored = await this.read(liveId);
      // Nothing published yet (only the floor given): nothing to end or record.
      if (!stored || stored.state === "ended" || !stored.org || !stored.runs) continue;
      const changed = await fs.promises.stat(path.join(this.dirOf(liveId), stored.folder, PLAYLIST)).then((st) => st.mtimeMs, () => 0);
      if (now - changed < 2 * this.goneMs) continue;
      // The state file is this server's own, written when the live's publication was admitted.
      const scope = signedScope({ orgId: stored.org } as SignedOrg, this.opts.db, { id: 0, name: "直播", role: "teacher" });
      const live = await loadLive(scope, liveId);
      if (!live) continue;
      if (now >= live.end_time) {
        const cast: Cast = { liveId, title: live.title, endTime: live.end_time, scope, publisher: null, publisherId: 0, publisherHasFloor: false, run: null, goneAt: changed, chain: Promise.resolve(), ending: false };
        this.casts.set(liveId, cast);
        await this.end(cast, null);
      } else if (stored.state === "live") {
        await this.save(liveId, { ...stored, state: "waiting" });
        await this.announce(liveId, { ...stored, state: "waiting" });
      }
    }
  }

  /** Joins the segments into an MP4 (stream copy), stores it and lists it as the live's recording; false when there was nothing. */
  private async record(cast: Cast, stored: Stored): Promise<boolean> {
    const tools = this.opts.tools();
    if (!tools) throw new Error("ffmpeg is not installed");
    const dir = path.join(this.dirOf(cast.liveId), stored.folder);
    const segments = (await fs.promises.readdir(dir))
      .map((name) => ({ name, m: segmentName.exec(name) }))
      .filter((s) => s.m)
      .sort((a, b) => Number(a.m![2]) - Number(b.m![2]))
      .map((s) => s.name);
    if (!segments.length) return false;
    const list = path.join(dir, "segments.txt");
    await fs.promises.writeFile(list, segments.map((s) => `file '${path.join(dir, s)}'\n`).join(""));
    const mp4 = path.join(dir, "recording.mp4");
    await run(tools.ffmpeg, ["-hide_banner", "-loglevel", "error", "-y", "-f", "concat", "-safe", "0", "-i", list, "-c", "copy", "-bsf:a", "aac_adtstoasc", "-movflags", "+faststart", mp4]);
    const probed = await run(tools.ffprobe, ["-v", "error", "-show_entries", "format=duration", "-of", "default=noprint_wrappers=1:nokey=1", mp4]);
    const duration = Math.round(Number.parseFloat(probed) || 0);
    const name = this.opts.media.newName("mp4");
    // Both under DATA_DIR: a rename, so a reader never sees half a file.
    await fs.promises.rename(mp4, this.opts.media.pathOf(name));
    const { size } = await fs.promises.stat(this.opts.media.pathOf(name));
    try {
      await cast.scope.insertInto("live_recordings", { live_id: cast.liveId, name: `${cast.title} 回放`.slice(0, 200), url: mediaUrl(name), duration_seconds: duration, size_bytes: size, created_at: Date.now() }).execute();
    } catch (err) {
      await this.opts.media.remove(name);
      throw err;
    }
    return true;
  }

  private dirOf(liveId: number): string {
    return path.join(this.root, String(liveId));
  }

  private shown(liveId: number, stored: Stored | null): RoomBroadcast {
    if (!stored) return { state: "waiting", playlist: "", floor: null };
    // A folder no run has written to yet (the floor given before anyone published) has no playlist.
    const playlist = stored.runs ? roomApi.hls.path.replace(":live", String(liveId)).replace(":folder", stored.folder).replace(":file", PLAYLIST) : "";
    return { state: stored.state, playlist, floor: stored.floor ? { key: `i${stored.floor.id}`, name: stored.floor.name } : null };
  }

  private async announce(liveId: number, stored: Stored): Promise<void> {
    await this.opts.publish({ k: "broadcast", live: liveId, broadcast: this.shown(liveId, stored) });
  }

  private async read(liveId: number): Promise<Stored | null> {
    try {
      const parsed = JSON.parse(await fs.promises.readFile(path.join(this.dirOf(liveId), "state.json"), "utf8")) as Stored;
      return folderName.test(parsed.folder) ? parsed : null;
    } catch {
      return null;
    }
  }

  /** Written beside and renamed, so another process never reads half of it. */
  private async save(liveId: number, stored: Stored): Promise<void> {
    const file = path.join(this.dirOf(liveId), "state.json");
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    const partial = `${file}.${crypto.randomBytes(4).toString("hex")}`;
    await fs.promises.writeFile(partial, JSON.stringify(stored));
    await fs.promises.rename(partial, file);
  }
}

/** Runs a tool to its end: its output, or a rejection with its last error lines. */
function run(file: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { encoding: "utf8", maxBuffer: 4 * 1024 * 1024, timeout: 10 * 60_000 }, (err, stdout, stderr) => {
      if (err) reject(new Error(`${path.basename(file)} failed: ${stderr.slice(-500) || err.message}`));
      else resolve(stdout);
    });
  });
}
