// A worker of scripts/bench-rooms.ts: some of the simulated viewers, each a WebSocket in the
// live's room. It joins its viewers on the schedule it is given, sends the chat messages it is
// told to (stamped with the time they leave), and reports what its viewers saw.
import http from "node:http";
import { parentPort, workerData } from "node:worker_threads";
import WebSocket from "ws";
import { roomApi, roomSocketPath } from "../resources/rooms/room-api";
import type { ServerMessage } from "../resources/rooms/room-protocol";
import { DELAY_SLOTS } from "./lib/delays";

export interface Setup {
  baseURL: string;
  guid: string;
  /** The viewers of this worker, by number. */
  indices: number[];
  joinSpacingMs: number;
  /**
   * Spread the viewers over this many loopback addresses (127.0.0.2 …), as guests of as many
   * homes; 0 or absent: all from 127.0.0.1. Only ever loopback: the bench targets nothing else.
   */
  addresses?: number;
  /**
   * The live holds every message for review (scripts/bench-rooms-review.ts): a held message (its
   * author's) is not counted, a shown one is counted, and its arrival noted, since its delivery is
   * timed from the moderator's pass, not from its sending.
   */
  review?: boolean;
}

/** `join`: the viewers join from `start` on, each `joinSpacingMs` after the one before (told once every worker has loaded). */
export type Command = { cmd: "join"; start: number } | { cmd: "chat"; viewer: number; n: number } | { cmd: "report"; delays?: boolean } | { cmd: "close" };
export type Report =
  | { ev: "loaded" }
  | { ev: "joined" }
  | { ev: "failed"; msg: string }
  /** `frames`: WebSocket messages this worker's viewers received, welcomes included. */
  /** `delays`: how many deliveries took each whole ms (the last slot: that long or longer), when asked for. */
  | { ev: "report"; people: number[]; chats: number[]; delays: Uint32Array | null; frames: number; twice: number; arrivals: number[] }
  | { ev: "closed" }
  /** A viewer's connection closed before the end: the server dropped it. */
  | { ev: "dropped"; viewer: number; code: number };

const setup = workerData as Setup;
const port = parentPort!;
const wsBase = setup.baseURL.replace(/^http/, "ws");

interface Viewer {
  socket: WebSocket;
  /** The room's count of people, as the server last said it. */
  people: number;
  /** The messages it heard, by id (fresh databases: small ids), and how many. */
  seen: Uint8Array;
  chats: number;
}

const viewers = new Map<number, Viewer>();
let closing = false;
/**
 * Deliveries by their delay in whole ms: 5,000 viewers hear millions of messages, a list of them
 * all was hundreds of MB to collect in the workers and to copy out.
 */
const delays = new Uint32Array(DELAY_SLOTS);
const delayed = (ms: number) => delays[Math.min(DELAY_SLOTS - 1, Math.max(0, ms))]++;
let frames = 0;
/** Messages a viewer was given again (the same id): none is to come twice. */
let twice = 0;
/** In review, each shown message's id and the time it reached a viewer, one pair after the other. */
const arrivals: number[] = [];

/** A chat message reached `viewer`. */
function heard(viewer: Viewer, id: number) {
  if (id >= viewer.seen.length) {
    const grown = new Uint8Array(Math.max(id + 1, viewer.seen.length * 2));
    grown.set(viewer.seen);
    viewer.seen = grown;
  }
  if (viewer.seen[id]) twice++;
  else {
    viewer.seen[id] = 1;
    viewer.chats++;
  }
}

/** The loopback address viewer `i` connects from; undefined: the system's choice (127.0.0.1). */
const addressOf = (i: number) => (setup.addresses ? `127.0.0.${2 + (i % setup.addresses)}` : undefined);

/** Kept alive, one connection per address reused, as a browser keeps its connection: not a second connection per viewer for the server to accept. */
const agent = new http.Agent({ keepAlive: true });

/** POST of a JSON body from `localAddress`, answered as JSON (fetch cannot choose its local address). */
function postJson(url: string, body: object, localAddress: string | undefined): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: "POST", headers: { "content-type": "application/json" }, localAddress, agent }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => {
        try {
          resolve(JSON.parse(text));
        } catch (err) {
          reject(err);
        }
      });
    });
    req.on("error", reject);
    req.end(JSON.stringify(body));
  });
}

/**
 * The chat frames, nearly all of what the viewers read (5,000 viewers at 50 messages a second are
 * 250,000 messages a second), are scanned for their ids, times and counts instead of parsed: on a
 * 2-core machine the viewers' own parsing, not the server, was what fell behind. The server writes
 * these frames (server/services/rooms/room.ts) with the message's fields in the order of
 * `roomChatOf` (server/services/rooms/chat.ts); any other frame, or one holding anything besides
 * shown chat and the count, is parsed. The bytes are searched as they came (the markers and numbers
 * are ASCII, which no byte of a UTF-8 character is), without decoding them into a string.
 */
const bytes = (text: string) => Buffer.from(text, "latin1");
const FRAME_STARTS = [bytes('{"t":"chat"'), bytes('{"t":"batch"')];
const PARSED_INSTEAD = ['"held":true', '"t":"join"', '"t":"leave"', '"t":"chatGone"', '"t":"error"'].map(bytes);
const CHAT_ID = bytes('"chat":{"id":');
const AFTER_TXT = bytes('","time"');
const PEOPLE = bytes('{"t":"people","n":');
const AT_SIGN = 0x40;

/** The whole number written in `raw` from `at`. */
function numberAt(raw: Buffer, at: number): number {
  let n = 0;
  for (let c = raw[at]; c >= 0x30 && c <= 0x39; c = raw[++at]) n = n * 10 + (c - 0x30);
  return n;
}

/** The send time a text ends with (`…@<ms>`), `end` being just past it; 0 when it has none. */
function stampBefore(raw: Buffer, end: number): number {
  let at = end - 1;
  while (at > 0 && raw[at] >= 0x30 && raw[at] <= 0x39) at--;
  return raw[at] === AT_SIGN && at < end - 1 ? numberAt(raw, at + 1) : 0;
}

/** false: not a frame of shown chat (and the count) only; parse it. */
function scanned(viewer: Viewer, raw: Buffer): boolean {
  if (!FRAME_STARTS.some((start) => raw.compare(start, 0, start.length, 0, start.length) === 0)) return false;
  if (PARSED_INSTEAD.some((marker) => raw.includes(marker))) return false;
  const now = Date.now();
  for (let at = raw.indexOf(CHAT_ID); at >= 0; at = raw.indexOf(CHAT_ID, at + CHAT_ID.length)) {
    const id = numberAt(raw, at + CHAT_ID.length);
    heard(viewer, id);
    // In review a shown message's delay is the moderator's pass's, not its sender's.
    if (setup.review) arrivals.push(id, now);
  }
  if (!setup.review)
    for (let at = raw.indexOf(AFTER_TXT); at >= 0; at = raw.indexOf(AFTER_TXT, at + AFTER_TXT.length)) {
      const stamp = stampBefore(raw, at);
      if (stamp) delayed(now - stamp);
    }
  const count = raw.lastIndexOf(PEOPLE);
  if (count >= 0) viewer.people = numberAt(raw, count + PEOPLE.length);
  return true;
}

async function join(i: number): Promise<void> {
  const localAddress = addressOf(i);
  const body = (await postJson(setup.baseURL + roomApi.shareEnter.path, { guid: setup.guid, byname: 1, name: `观众${i}` }, localAddress).catch((err: Error) => {
    throw new Error(`viewer ${i} from ${localAddress ?? "127.0.0.1"}: the share link's call failed: ${err.message}`);
  })) as { code: number; msg: string; data: { token: string } };
  if (body.code !== 0) throw new Error(`viewer ${i}: ${body.msg}`);
  // A browser checks the text it receives; the simulated viewers need not spend the CPU on it.
  const socket = new WebSocket(wsBase + roomSocketPath, { skipUTF8Validation: true, perMessageDeflate: false, localAddress });
  const viewer: Viewer = { socket, people: 0, seen: new Uint8Array(1024), chats: 0 };
  viewers.set(i, viewer);
  socket.on("close", (code) => {
    if (!closing) port.postMessage({ ev: "dropped", viewer: i, code } satisfies Report);
  });
  await new Promise<void>((resolve, reject) => {
    socket.on("error", (err) => reject(new Error(`viewer ${i} from ${localAddress ?? "127.0.0.1"}: its WebSocket failed: ${err.message}`)));
    socket.on("open", () => socket.send(JSON.stringify({ t: "hello", token: body.data.token })));
    const read = (m: ServerMessage) => {
      if (m.t === "batch") return m.m.forEach(read);
      if (m.t === "welcome") {
        viewer.people = m.people;
        resolve();
      } else if (m.t === "people") viewer.people = m.n;
      else if (m.t === "chat" && setup.review) {
        if (m.chat.held) return;
        heard(viewer, m.chat.id);
        arrivals.push(m.chat.id, Date.now());
      } else if (m.t === "chat") {
        heard(viewer, m.chat.id);
        const stamp = Number(m.chat.txt.split("@")[1]);
        if (stamp) delayed(Date.now() - stamp);
      } else if (m.t === "error") reject(new Error(`viewer ${i}: ${m.msg}`));
    };
    socket.on("message", (raw: Buffer) => {
      frames++;
      if (!scanned(viewer, raw)) read(JSON.parse(raw.toString()) as ServerMessage);
    });
  });
}

port.on("message", (command: Command) => {
  if (command.cmd === "join") joinAll(command.start);
  else if (command.cmd === "chat") viewers.get(command.viewer)?.socket.send(JSON.stringify({ t: "chat", txt: `压测消息${command.n}@${Date.now()}` }));
  else if (command.cmd === "report")
    port.postMessage({
      ev: "report",
      people: [...viewers.values()].map((v) => v.people),
      chats: [...viewers.values()].map((v) => v.chats),
      // A million numbers are copied once, at the end, not at every look.
      delays: command.delays ? delays : null,
      arrivals: command.delays ? arrivals : [],
      frames,
      twice,
    } satisfies Report);
  else if (command.cmd === "close") {
    closing = true;
    agent.destroy();
    for (const v of viewers.values()) v.socket.close();
    const check = setInterval(() => {
      if ([...viewers.values()].every((v) => v.socket.readyState === WebSocket.CLOSED)) {
        clearInterval(check);
        port.postMessage({ ev: "closed" } satisfies Report);
      }
    }, 50);
  }
});

/** Joins this worker's viewers on the schedule from `start`. */
function joinAll(start: number) {
  const joining = setup.indices.map(async (i) => {
    await new Promise((r) => setTimeout(r, Math.max(0, start + i * setup.joinSpacingMs - Date.now())));
    await join(i);
  });
  Promise.all(joining).then(
    () => port.postMessage({ ev: "joined" } satisfies Report),
    (err: Error) => port.postMessage({ ev: "failed", msg: err.message } satisfies Report),
  );
}

port.postMessage({ ev: "loaded" } satisfies Report);
