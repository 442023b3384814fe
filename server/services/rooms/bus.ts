import type { FastifyBaseLogger } from "fastify";
import { sql } from "kysely";
import type { RoomPin } from "../../../resources/live-commerce/room-shelf";
import type { PresenceEntry, RoomBroadcast, RoomChat } from "../../../resources/rooms/room-protocol";
import type { Db } from "../../db/database";

/** What one process tells the others about a live room. */
export type BusEvent =
  | { k: "join"; live: number; entry: PresenceEntry }
  | { k: "leave"; live: number; conn: string }
  | { k: "chat"; live: number; chat: RoomChat }
  /** Messages banned or revoked by a moderator (server/services/moderation): off every screen. */
  | { k: "chatGone"; live: number; ids: number[] }
  /** A page to close wherever it is: a newer page of its person took its place. */
  | { k: "kick"; live: number; conn: string }
  | { k: "signal"; live: number; to: string; from: string; data: unknown }
  /** The large class's publication changed (broadcast.ts). */
  | { k: "broadcast"; live: number; broadcast: RoomBroadcast }
  /** The teacher pinned a card, or none (live-commerce). */
  | { k: "pin"; live: number; pinned: RoomPin | null }
  /** The live's products or ads were saved: the rooms read their cards again (live-commerce). */
  | { k: "shelf"; live: number };

/**
 * Carries room events to every server process, this one included: each process's room hub hears
 * every event and hands it to its own connections of that live. On SQLite there is one process, so
 * the bus is a queue in memory; on PostgreSQL it is LISTEN/NOTIFY on one channel (no service besides
 * the database). NOTIFY payloads are limited to 8000 bytes: a larger event (a WebRTC offer) is
 * written to `room_relay` and only its id is notified.
 */
export interface RoomBus {
  publish(event: BusEvent): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export const BUS_CHANNEL = "lectern_rooms";
const NOTIFY_MAX = 7000;
const RELISTEN_MS = 1000;

/** `missed`: the bus listens again after a gap in which events may have been lost. */
export function roomBus(db: Db, deliver: (event: BusEvent) => void, log: FastifyBaseLogger, missed: () => void): RoomBus {
  return db.listen ? postgresBus(db, deliver, log, missed) : memoryBus(deliver);
}

function memoryBus(deliver: (event: BusEvent) => void): RoomBus {
  return {
    // After the caller's turn, as a database round trip would be: no event reaches a connection
    // inside the code that is still writing the visit it announces.
    publish: async (event) => void queueMicrotask(() => deliver(event)),
    start: async () => {},
    close: async () => {},
  };
}

function postgresBus(db: Db, deliver: (event: BusEvent) => void, log: FastifyBaseLogger, missed: () => void): RoomBus {
  let stop: (() => Promise<void>) | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let lost = false;

  const received = async (payload: string) => {
    try {
      const message = JSON.parse(payload) as BusEvent | { relay: number };
      if ("relay" in message) {
        const row = await db.kysely.selectFrom("room_relay").select("payload").where("id", "=", message.relay).executeTakeFirst();
        if (row) deliver(JSON.parse(row.payload) as BusEvent);
      } else deliver(message);
    } catch (err) {
      log.warn({ err }, "room bus: an event could not be read");
    }
  };

  const listen = async (): Promise<void> => {
    if (closed) return;
    try {
      stop = await db.listen!(BUS_CHANNEL, (payload) => void received(payload), (err) => {
        log.warn({ err }, "room bus: the listening connection failed; listening again");
        stop = null;
        lost = true;
        retry = setTimeout(() => void listen(), RELISTEN_MS);
      });
      // Events sent while no connection listened are lost to this process's rooms: they read their
      // people from the database again.
      if (lost) {
        lost = false;
        missed();
      }
    } catch (err) {
      log.warn({ err }, "room bus: cannot listen yet");
      retry = setTimeout(() => void listen(), RELISTEN_MS);
    }
  };

  return {
    publish: async (event) => {
      let payload = JSON.stringify(event);
      if (Buffer.byteLength(payload) > NOTIFY_MAX) {
        const row = await db.kysely.insertInto("room_relay").values({ payload, created_at: Date.now() }).returning("id").executeTakeFirstOrThrow();
        payload = JSON.stringify({ relay: row.id });
      }
      await sql`select pg_notify(${BUS_CHANNEL}, ${payload})`.execute(db.kysely);
    },
    start: listen,
    close: async () => {
      closed = true;
      clearTimeout(retry);
      await stop?.();
    },
  };
}

declare module "fastify" {
  interface FastifyInstance {
    /** This process's room bus (the rooms feature's hub): what another feature changed in a room reaches every process's pages. */
    roomBus: RoomBus;
  }
}
