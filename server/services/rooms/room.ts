import type { PresenceEntry, ServerMessage } from "../../../resources/rooms/room-protocol";
import type { BusEvent } from "./bus";
import { canSee } from "./chat";
import { Roster } from "./room-roster";
import type { RoomGrant } from "./room-token";

/**
 * Chat that everyone in a room hears is gathered for this long and sent to each page as one frame:
 * at a thousand pages and fifty messages a second, a frame per message and page is 50,000 writes a
 * second; in batches it is a fraction of that, for at most this much delay.
 */
const CHAT_MS = 40;
/**
 * A larger room gathers longer, CHAT_PAGE_MS a page up to CHAT_MAX_MS, so its pages are written at
 * most about 50,000 chat frames a second: at 5,000 pages, a frame every 40 ms was 125,000 writes a
 * second, more than a loaded 2-core machine wrote, and the lag grew past the 200 ms a message is
 * to reach everyone in (issue 20, Performance). The delay it adds is bounded by CHAT_MAX_MS.
 */
const CHAT_PAGE_MS = 0.02;
const CHAT_MAX_MS = 100;

/**
 * Comings and goings wait longer (a chat frame takes them along sooner), and longer still in a
 * large room: a frame every PRESENCE_MS, or every PRESENCE_PAGE_MS per page, so a room's pages are
 * written at most about 500 presence frames a second however many they are. With a frame every
 * 40 ms, a thousand guests joining in ten seconds were 25,000 writes a second.
 */
const PRESENCE_MS = 500;
const PRESENCE_PAGE_MS = 2;
/**
 * …but never longer than this (above a thousand pages, more than 500 frames a second): at 5,000
 * pages the count would otherwise be ten seconds old in a quiet room, and 2,500 writes a second of
 * a few dozen bytes are little beside the chat's.
 */
const PRESENCE_MAX_MS = 2_000;
/**
 * Pages written in one go: a socket write took 0.1-0.5 ms on the loaded bench machine, so a
 * thousand pages at once held everything else up for a fraction of a second; a slice, a few dozen ms.
 */
const SLICE = 100;

/** How long a room of `pages` gathers its comings and goings before sending them. */
export const presenceGatherMs = (pages: number): number => Math.min(PRESENCE_MAX_MS, Math.max(PRESENCE_MS, pages * PRESENCE_PAGE_MS));

/** How long a room of `pages` gathers its chat before sending it. */
export const chatGatherMs = (pages: number): number => Math.min(CHAT_MAX_MS, Math.max(CHAT_MS, pages * CHAT_PAGE_MS));

/** A page of the room, as the room writes to it. */
export interface RoomPage {
  conn: string;
  grant: Pick<RoomGrant, "role" | "key">;
  /** Until its welcome is sent, what it is to hear waits here. */
  pending: string[] | null;
}

type Writer<P> = (page: P, data: string, frame?: Buffer) => void;

/**
 * One live room in this process: its pages here, who is in it across every process (the roster),
 * and what waits to be sent to its pages. The roster is read from the database when the room
 * opens (and again after the bus missed events); what the bus brings meanwhile waits and is
 * applied after, so nothing between the read and the event is lost.
 */
export class Room<P extends RoomPage> {
  readonly pages = new Set<P>();
  readonly roster = new Roster();
  /** Settles once the roster was first read; a page's welcome waits for it. */
  readonly ready: Promise<void>;
  private heardWhileReading: BusEvent[] | null = null;
  private wasRead = false;
  private chat: string[] = [];
  private presence: string[] = [];
  private countChanged = false;
  private chatTimer: NodeJS.Timeout | undefined;
  private presenceTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly read: () => Promise<PresenceEntry[]>,
    private readonly write: Writer<P>,
  ) {
    this.ready = this.reread();
  }

  /**
   * Reads who is in the room from the database; what changed since the last read is told to the
   * pages as comings and goings (the first read tells nobody: every page's welcome waits for it).
   */
  async reread(): Promise<void> {
    if (this.heardWhileReading) return;
    const first = !this.wasRead;
    this.heardWhileReading = [];
    try {
      const entries = await this.read();
      const now = Date.now();
      const fresh = new Set(entries.map((e) => e.conn));
      for (const conn of this.roster.conns()) if (!fresh.has(conn)) this.left(conn, now);
      if (first) for (const entry of entries) this.roster.add(entry);
      else for (const entry of entries) this.came(entry);
      this.wasRead = true;
    } finally {
      const heard = this.heardWhileReading;
      this.heardWhileReading = null;
      for (const event of heard) this.hear(event);
    }
  }

  /** An event of this live from the bus (signals excepted). */
  hear(event: BusEvent): void {
    if (event.k === "pin" || event.k === "shelf") {
      // Rare, and wanted by every page at once, as a broadcast's change is.
      const data = JSON.stringify((event.k === "pin" ? { t: "pin", pinned: event.pinned } : { t: "shelf" }) satisfies ServerMessage);
      for (const p of this.pages) this.write(p, data);
      return;
    }
    if (event.k === "broadcast") {
      // Rare and wanted at once by every page: not batched. A page waiting for its welcome gets it
      // after the welcome, which is then at worst as fresh.
      const data = JSON.stringify({ t: "broadcast", broadcast: event.broadcast } satisfies ServerMessage);
      for (const p of this.pages) this.write(p, data);
      return;
    }
    if (event.k === "chatGone") {
      // A moderator's ban or revoke: off every screen at once, whoever was shown it.
      const data = JSON.stringify({ t: "chatGone", ids: event.ids } satisfies ServerMessage);
      for (const p of this.pages) this.write(p, data);
      return;
    }
    if (event.k === "chat") {
      const data = JSON.stringify({ t: "chat", chat: event.chat } satisfies ServerMessage);
      // A message waiting for review goes only to its author and the staff, one by one; so does a reply to one viewer.
      if (event.chat.held || event.chat.to) {
        for (const p of this.pages) if (canSee(event.chat, p.grant.role, p.grant.key)) this.write(p, data);
        return;
      }
      this.chat.push(data);
      this.chatTimer ??= setTimeout(() => this.flush(), chatGatherMs(this.pages.size));
      return;
    }
    if (this.heardWhileReading) return void this.heardWhileReading.push(event);
    if (event.k === "join") this.came(event.entry);
    else if (event.k === "leave") this.left(event.conn, Date.now());
  }

  /** A page came (from the bus, or this process's own page before its welcome). */
  came(entry: PresenceEntry): void {
    const before = this.roster.people;
    const told = this.roster.add(entry);
    if (told === null) return;
    if (told) this.presence.push(JSON.stringify({ t: "join", entry } satisfies ServerMessage));
    this.changed(before);
  }

  private left(conn: string, now: number): void {
    const before = this.roster.people;
    const told = this.roster.remove(conn, now);
    if (told === null) return;
    if (told) this.presence.push(JSON.stringify({ t: "leave", conn } satisfies ServerMessage));
    this.changed(before);
  }

  private changed(peopleBefore: number): void {
    if (this.roster.people !== peopleBefore) this.countChanged = true;
    if (this.presence.length || this.countChanged) this.presenceTimer ??= setTimeout(() => this.flush(), presenceGatherMs(this.pages.size));
  }

  /**
   * Sends what waits as one frame, encoded once for all the pages. A page still waiting for its
   * welcome is not told of comings and goings: the welcome, read later, has them.
   */
  private flush(): void {
    clearTimeout(this.chatTimer);
    clearTimeout(this.presenceTimer);
    this.chatTimer = this.presenceTimer = undefined;
    const presence = this.countChanged ? [...this.presence, JSON.stringify({ t: "people", n: this.roster.people } satisfies ServerMessage)] : this.presence;
    const everything = frameOf([...this.chat, ...presence]);
    const chatOnly = this.chat.length ? frameOf(this.chat) : null;
    this.chat = [];
    this.presence = [];
    this.countChanged = false;
    const encoded = everything ? Buffer.from(everything) : undefined;
    // Which pages wait for their welcome is taken now: one welcomed later has this frame's comings in it.
    const pages = [...this.pages].map((p) => [p, p.pending !== null] as const);
    const slice = (from: number) => {
      for (const [p, waiting] of pages.slice(from, from + SLICE)) {
        if (!this.pages.has(p)) continue;
        if (waiting) {
          if (chatOnly) this.write(p, chatOnly);
        } else if (everything) this.write(p, everything, encoded);
      }
      // A frame to thousands of pages is written a slice at a time, the server answering others between.
      if (from + SLICE < pages.length) setImmediate(slice, from + SLICE);
    };
    slice(0);
  }

  /** Forgets what waits (the room is empty, or the server is stopping). */
  close(): void {
    clearTimeout(this.chatTimer);
    clearTimeout(this.presenceTimer);
  }

  prune(now: number): void {
    this.roster.prune(now);
  }
}

const frameOf = (parts: string[]): string | null => (parts.length === 0 ? null : parts.length === 1 ? parts[0] : `{"t":"batch","m":[${parts.join(",")}]}`);
