import crypto from "node:crypto";
import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import type { WebSocket, RawData } from "ws";
import { roomLimits, roomMessages } from "../../../resources/rooms/room-api";
import { deviceOf } from "../../../resources/live-stats/live-stats-api";
import type { ClientMessage, PresenceEntry, RoomBroadcast, ServerMessage } from "../../../resources/rooms/room-protocol";
import type { Db } from "../../db/database";
import type { OrgScope, SignedOrg } from "../../engine/org-scope";
import { clientAddress } from "../../engine/limits";
import { roomBus, type BusEvent, type RoomBus } from "./bus";
import { chatHistory, chatTextCheck, storeChat } from "./chat";
import { signedMediaUrl } from "../media/store";
import { closeVisit, loadLive, openVisit, presentIn, recordingsOf, roomLive, type LiveRow } from "./presence";
import { Room } from "./room";
import { roomScope, signRoomToken, verifyRoomToken, type RoomGrant } from "./room-token";

const HELLO_MS = 10_000;
const PING_MS = 30_000;
/** A connected page gets a fresh token this often, to reconnect with after the first has expired. */
const TOKEN_REFRESH_MS = 10 * 60_000;
/**
 * A page this far behind in reading is dropped rather than held in memory (it reconnects and reads
 * the chat's history afresh). 1 MB is a minute and more of a busy room's chat; 4 MB a page was
 * 20 GB at 5,000 pages, when the server is to stay under 1 GB (issue 20, Performance).
 */
const MAX_BUFFERED = 1024 * 1024;
const SIGNALS = { burst: 200, windowMs: 10_000 };

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
  /** This page's own messages: the person's limit is kept in the database, this spares it a page's flood. */
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
  /** The large class's publication as the welcome shows it (broadcast.ts). */
  broadcastOf: (liveId: number) => Promise<RoomBroadcast>;
}


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
 * another) is handed to this process's rooms (room.ts), which tell their pages.
 */
export class RoomHub {
  private readonly rooms = new Map<number, Room<Client>>();
  private readonly clients = new Set<Client>();
  private readonly closing = new Set<Promise<void>>();
  readonly bus: RoomBus;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly opts: HubOptions) {
    this.bus = roomBus(opts.db, (event) => this.deliver(event), opts.log, () => this.reread());
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
    for (const room of this.rooms.values()) room.close();
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
          // The device the live's statistics count it under (resources/live-stats).
          const device = deviceOf(String(request.headers["user-agent"] ?? ""), message.h5 === true);
          client = await this.join(socket, conn, message.token, device, clientAddress(request).slice(0, 64), fatal);
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
    const scope = roomScope(grant, this.opts.db);
    const live = await loadLive(scope, grant.liveId);
    if (!live) return refuse(roomMessages.liveNotFound);
    if (live.voided) return refuse(roomMessages.voided);
    const inLive = grant.playType === 1;

    const entry: PresenceEntry = { conn, key: grant.key, name: grant.name, role: grant.role };
    const client: Client = { socket, conn, grant, scope, live, entry, pending: [], alive: true, chats: [], signals: [], tokenAt: now, left: false };
    // Heard from now on, held until the welcome below has been sent.
    const room = inLive ? this.roomOf(live.id, scope) : null;
    room?.pages.add(client);
    this.clients.add(client);
    try {
      const admitted = await openVisit(scope, grant, { conn, node: this.opts.node, device, ip }, live, now);
      if ("refusal" in admitted) {
        this.forget(client);
        return refuse(admitted.refusal);
      }
      for (const old of admitted.replaced) await this.bus.publish({ k: "kick", live: live.id, conn: old });
      if (inLive) await this.bus.publish({ k: "join", live: live.id, entry });
      const [info, chat, recordings] = await Promise.all([roomLive(scope, live, this.opts.streamTemplate, await this.opts.broadcastOf(live.id), now), inLive ? chatHistory(scope, grant) : [], inLive ? [] : recordingsOf(scope, live.id, (url) => signedMediaUrl(this.opts.key, url, now))]);
      await room?.ready;
      // In its own welcome even before the bus brings its join back (which then changes nothing).
      room?.came(entry);
      const waiting = client.pending ?? [];
      client.pending = null;
      const present = room ? room.roster.listed() : [];
      this.send(client, { t: "welcome", me: entry, playType: grant.playType, live: info, present, people: room?.roster.people ?? 0, chat, recordings });
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
    room?.pages.delete(c);
    if (room && room.pages.size === 0) {
      room.close();
      this.rooms.delete(c.live.id);
    }
  }

  /** The live's room in this process, opened (its roster read from the database) by its first page. */
  private roomOf(liveId: number, scope: OrgScope): Room<Client> {
    const room = this.rooms.get(liveId);
    if (room) return room;
    const opened = new Room<Client>(
      () => presentIn(scope, liveId, Date.now()),
      (c, data, frame) => this.write(c, data, frame),
    );
    this.rooms.set(liveId, opened);
    // A room that could not read its people is dropped (its pages were refused); the next page opens it afresh.
    opened.ready.catch(() => {
      if (this.rooms.get(liveId) === opened) {
        opened.close();
        this.rooms.delete(liveId);
      }
    });
    return opened;
  }

  /** The bus missed events (its connection was lost): every room reads its people again. */
  private reread(): void {
    for (const room of this.rooms.values()) room.reread().catch((err) => this.opts.log.warn({ err }, "room: reading presence again failed"));
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
    const now = Date.now();
    if (!allow(c.chats, roomLimits.chatBurst, roomLimits.chatWindowMs, now)) return this.send(c, { t: "error", msg: roomMessages.chatTooFast });
    const chat = await storeChat(c.scope, c.grant, c.live.config, checked.txt, now);
    if (!chat) return this.send(c, { t: "error", msg: roomMessages.chatTooFast });
    await this.bus.publish({ k: "chat", live: c.live.id, chat });
  }

  /** WebRTC signalling: to one page of the same live, whichever process holds it. */
  private async signal(c: Client, to: unknown, data: unknown): Promise<void> {
    if (c.grant.playType !== 1 || typeof to !== "string" || to.length > 40 || data === undefined) return;
    if (!allow(c.signals, SIGNALS.burst, SIGNALS.windowMs, Date.now())) return;
    await this.bus.publish({ k: "signal", live: c.live.id, to, from: c.conn, data });
  }

  /** An event from the bus, to this process's room of its live. */
  private deliver(event: BusEvent): void {
    const room = this.rooms.get(event.live);
    if (!room) return;
    if (event.k === "signal") {
      for (const c of room.pages) if (c.conn === event.to) this.send(c, { t: "signal", from: event.from, data: event.data });
    } else if (event.k === "kick") {
      // A newer page of the same person took its place (viewer-limits.ts): told at once, even
      // before its welcome (which then never comes), and not to reconnect.
      for (const c of room.pages)
        if (c.conn === event.conn && c.socket.readyState === c.socket.OPEN) {
          c.socket.send(JSON.stringify({ t: "error", msg: roomMessages.pageReplaced, fatal: true } satisfies ServerMessage));
          c.socket.close(4003, "replaced");
        }
    } else room.hear(event);
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
    for (const room of this.rooms.values()) room.prune(now);
    for (const c of this.clients) {
      // A page still joining is not pinged: its pong would come while accept() does not know its
      // page yet and be lost, and the next tick would drop it as gone (one viewer in thousands
      // joining when a tick fell, lost at random in the room benches). Its hello's answer is its sign of life.
      if (c.pending) continue;
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
