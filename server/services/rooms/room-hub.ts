import crypto from "node:crypto";
import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import type { WebSocket, RawData } from "ws";
import { isMobileAgent, roomLimits, roomMessages } from "../../../resources/room-api";
import type { ClientMessage, PresenceEntry, ServerMessage } from "../../../resources/room-protocol";
import type { Db } from "../../db/database";
import type { Role } from "../../db/schema";
import { signedScope, type OrgScope, type SignedOrg } from "../../engine/org-scope";
import { roomBus, type BusEvent, type RoomBus } from "./bus";
import { canSee, chatHistory, chatTextCheck, storeChat } from "./chat";
import { closeVisit, loadLive, openVisit, presentIn, recordingsOf, roomLive, viewersBesides, type LiveRow } from "./presence";
import { signRoomToken, verifyRoomToken, type RoomGrant } from "./room-token";

const HELLO_MS = 10_000;
const PING_MS = 30_000;
/** A connected page gets a fresh token this often, to reconnect with after the first has expired. */
const TOKEN_REFRESH_MS = 10 * 60_000;
/** A page this far behind in reading is dropped rather than held in memory. */
const MAX_BUFFERED = 4 * 1024 * 1024;
const SIGNALS = { burst: 200, windowMs: 10_000 };
/**
 * What everyone in a room hears (comings, goings, shown chat) is gathered for this long and sent to
 * each page as one frame: at a thousand pages and fifty messages a second, a frame per message and
 * page is 50,000 writes a second; in batches it is a fraction of that, for at most this much delay.
 */
const BATCH_MS = 40;

/** A room's broadcast waiting to go out. */
interface Outbox {
  parts: string[];
  timer: NodeJS.Timeout;
}

interface Client {
  socket: WebSocket;
  conn: string;
  grant: RoomGrant & SignedOrg;
  scope: OrgScope;
  live: LiveRow;
  entry: PresenceEntry;
  /** Until the welcome is sent, events wait here: the welcome's snapshot comes first. */
  pending: string[] | null;
  alive: boolean;
  chats: number[];
  signals: number[];
  tokenAt: number;
  /** Its visit has been closed (the page left, or the server is stopping). */
  left: boolean;
}

export interface HubOptions {
  db: Db;
  key: Buffer;
  /** This process, as the viewer log's `node`. */
  node: string;
  streamTemplate: string;
  log: FastifyBaseLogger;
}

const actorRole = (grant: RoomGrant): Role => (grant.role === "guest" ? "student" : grant.role);

/** Sliding-window count: false when `times` already holds `burst` entries within the window. */
function allow(times: number[], burst: number, windowMs: number, now: number): boolean {
  while (times.length && now - times[0] >= windowMs) times.shift();
  if (times.length >= burst) return false;
  times.push(now);
  return true;
}

/**
 * The live rooms of this process: each WebSocket is one page in one room. Presence and chat are
 * written to the database and announced on the bus; what the bus brings (from this process or
 * another) is handed to this process's pages of that live.
 */
export class RoomHub {
  private readonly rooms = new Map<number, Set<Client>>();
  private readonly outboxes = new Map<number, Outbox>();
  private readonly clients = new Set<Client>();
  private readonly closing = new Set<Promise<void>>();
  readonly bus: RoomBus;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly opts: HubOptions) {
    this.bus = roomBus(opts.db, (event) => this.deliver(event), opts.log);
  }

  async start(): Promise<void> {
    await this.bus.start();
    this.timer = setInterval(() => this.tick(), PING_MS).unref();
  }

  /**
   * Ends every page's visit now (a closing handshake could take its time), closes the pages, waits
   * for what is still being written, then stops hearing the bus. A page reconnects to another process.
   */
  async close(): Promise<void> {
    clearInterval(this.timer);
    for (const outbox of this.outboxes.values()) clearTimeout(outbox.timer);
    this.outboxes.clear();
    const pages = [...this.clients];
    const leaving = pages.map((c) => this.leave(c).catch((err) => this.opts.log.warn({ err }, "room: leaving failed")));
    for (const c of pages) c.socket.close(1001, "server closing");
    await Promise.all([...leaving, ...this.closing]);
    await this.bus.close();
  }

  accept(socket: WebSocket, request: FastifyRequest): void {
    const conn = crypto.randomBytes(12).toString("base64url");
    let client: Client | null = null;
    let closed = false;
    // Messages are handled one after another, in order, the hello first.
    let chain: Promise<unknown> = Promise.resolve();
    const hello = setTimeout(() => socket.close(4001, "no hello"), HELLO_MS);
    const fatal = (msg: string) => {
      socket.send(JSON.stringify({ t: "error", msg, fatal: true } satisfies ServerMessage));
      socket.close(4003, "refused");
    };
    const run = (work: () => Promise<void>) => {
      chain = chain.then(work).catch((err) => {
        this.opts.log.warn({ err }, "room: a message failed");
        if (!client) fatal(roomMessages.networkError);
      });
    };

    socket.on("message", (raw: RawData) => {
      let message: ClientMessage;
      try {
        message = JSON.parse(raw.toString()) as ClientMessage;
      } catch {
        return;
      }
      if (!message || typeof message !== "object") return;
      run(async () => {
        if (closed) return;
        if (!client) {
          if (message.t !== "hello" || typeof message.token !== "string") return fatal(roomMessages.tokenInvalid);
          clearTimeout(hello);
          const device = message.h5 || isMobileAgent(String(request.headers["user-agent"] ?? "")) ? "h5" : "pc";
          client = await this.join(socket, conn, message.token, device, request.ip, fatal);
          return;
        }
        if (message.t === "chat") await this.chat(client, message.txt);
        else if (message.t === "signal") await this.signal(client, message.to, message.data);
      });
    });
    socket.on("pong", () => {
      if (client) client.alive = true;
    });
    socket.on("close", () => {
      closed = true;
      clearTimeout(hello);
      const done = chain.then(() => (client ? this.leave(client) : undefined)).catch((err) => this.opts.log.warn({ err }, "room: leaving failed"));
      this.closing.add(done);
      void done.finally(() => this.closing.delete(done));
    });
  }

  private async join(socket: WebSocket, conn: string, token: string, device: string, ip: string, fatal: (msg: string) => void): Promise<Client | null> {
    const now = Date.now();
    const refuse = (msg: string) => {
      fatal(msg);
      return null;
    };
    const grant = verifyRoomToken(this.opts.key, token, now);
    if (!grant) return refuse(roomMessages.tokenInvalid);
    const scope = signedScope(grant, this.opts.db, { id: grant.identityId, name: grant.name, role: actorRole(grant) });
    const live = await loadLive(scope, grant.liveId);
    if (!live) return refuse(roomMessages.liveNotFound);
    if (live.voided) return refuse(roomMessages.voided);
    const info = await roomLive(scope, live, this.opts.streamTemplate, now);
    const inLive = grant.playType === 1;
    const viewer = grant.role === "student" || grant.role === "guest";
    if (inLive && info.smallClass && viewer && (await viewersBesides(scope, live.id, grant.key, now)) >= roomLimits.smallClassViewers)
      return refuse(roomMessages.smallClassFull);

    const entry: PresenceEntry = { conn, key: grant.key, name: grant.name, role: grant.role };
    const client: Client = { socket, conn, grant, scope, live, entry, pending: [], alive: true, chats: [], signals: [], tokenAt: now, left: false };
    // Heard from now on, held until the snapshot below has been sent.
    if (inLive) this.roomOf(live.id).add(client);
    this.clients.add(client);
    try {
      await openVisit(scope, grant, { conn, node: this.opts.node, device, ip }, live, now);
      if (inLive) await this.bus.publish({ k: "join", live: live.id, entry });
      const [present, chat, recordings] = await Promise.all([
        inLive ? presentIn(scope, live.id, now) : [],
        inLive ? chatHistory(scope, grant) : [],
        inLive ? [] : recordingsOf(scope, live.id),
      ]);
      const waiting = client.pending ?? [];
      client.pending = null;
      this.send(client, { t: "welcome", me: entry, playType: grant.playType, live: info, present, chat, recordings });
      for (const data of waiting) this.write(client, data);
    } catch (err) {
      this.forget(client);
      throw err;
    }
    return client;
  }

  private forget(c: Client): void {
    this.clients.delete(c);
    const room = this.rooms.get(c.live.id);
    room?.delete(c);
    if (room && room.size === 0) {
      this.rooms.delete(c.live.id);
      clearTimeout(this.outboxes.get(c.live.id)?.timer);
      this.outboxes.delete(c.live.id);
    }
  }

  private roomOf(liveId: number): Set<Client> {
    let room = this.rooms.get(liveId);
    if (!room) this.rooms.set(liveId, (room = new Set()));
    return room;
  }

  private async leave(c: Client): Promise<void> {
    if (c.left) return;
    c.left = true;
    this.forget(c);
    await closeVisit(c.scope, c.grant, c.conn, c.live, Date.now());
    if (c.grant.playType === 1) await this.bus.publish({ k: "leave", live: c.live.id, conn: c.conn });
  }

  private async chat(c: Client, raw: unknown): Promise<void> {
    if (c.grant.playType !== 1) return;
    const checked = chatTextCheck(raw);
    if ("refusal" in checked) return this.send(c, { t: "error", msg: checked.refusal });
    if (!allow(c.chats, roomLimits.chatBurst, roomLimits.chatWindowMs, Date.now())) return this.send(c, { t: "error", msg: roomMessages.chatTooFast });
    const chat = await storeChat(c.scope, c.grant, c.live.config, checked.txt, Date.now());
    await this.bus.publish({ k: "chat", live: c.live.id, chat });
  }

  /** WebRTC signalling: to one page of the same live, whichever process holds it. */
  private async signal(c: Client, to: unknown, data: unknown): Promise<void> {
    if (c.grant.playType !== 1 || typeof to !== "string" || to.length > 40 || data === undefined) return;
    if (!allow(c.signals, SIGNALS.burst, SIGNALS.windowMs, Date.now())) return;
    await this.bus.publish({ k: "signal", live: c.live.id, to, from: c.conn, data });
  }

  /** An event from the bus, to this process's pages of its live that may have it. */
  private deliver(event: BusEvent): void {
    const room = this.rooms.get(event.live);
    if (!room) return;
    if (event.k === "signal") {
      for (const c of room) if (c.conn === event.to) this.send(c, { t: "signal", from: event.from, data: event.data });
      return;
    }
    const message: ServerMessage = event.k === "join" ? { t: "join", entry: event.entry } : event.k === "leave" ? { t: "leave", conn: event.conn } : { t: "chat", chat: event.chat };
    const data = JSON.stringify(message);
    // A message waiting for review goes only to its author and the staff, one by one.
    if (event.k === "chat" && event.chat.held) {
      for (const c of room) if (canSee(event.chat, c.grant.role, c.grant.key)) this.write(c, data);
      return;
    }
    let outbox = this.outboxes.get(event.live);
    if (!outbox) {
      outbox = { parts: [], timer: setTimeout(() => this.flush(event.live), BATCH_MS) };
      this.outboxes.set(event.live, outbox);
    }
    outbox.parts.push(data);
  }

  /** A room's gathered broadcast, as one frame encoded once for all its pages. */
  private flush(liveId: number): void {
    const outbox = this.outboxes.get(liveId);
    this.outboxes.delete(liveId);
    const room = this.rooms.get(liveId);
    if (!outbox || !room) return;
    const data = outbox.parts.length === 1 ? outbox.parts[0] : `{"t":"batch","m":[${outbox.parts.join(",")}]}`;
    const frame = Buffer.from(data);
    for (const c of room) this.write(c, data, frame);
  }

  private send(c: Client, message: ServerMessage): void {
    this.write(c, JSON.stringify(message));
  }

  private write(c: Client, data: string, encoded?: Buffer): void {
    if (c.pending) return void c.pending.push(data);
    if (c.socket.readyState !== c.socket.OPEN) return;
    if (c.socket.bufferedAmount > MAX_BUFFERED) return void c.socket.terminate();
    c.socket.send(encoded ?? data, { binary: false });
  }

  /** Pages that stopped answering are dropped; the others get a ping and, now and then, a fresh token. */
  private tick(): void {
    const now = Date.now();
    for (const c of this.clients) {
      if (!c.alive) {
        c.socket.terminate();
        continue;
      }
      c.alive = false;
      c.socket.ping();
      if (now - c.tokenAt >= TOKEN_REFRESH_MS) {
        c.tokenAt = now;
        this.send(c, { t: "token", token: signRoomToken(this.opts.key, c.grant, now) });
      }
    }
  }
}
