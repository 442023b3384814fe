import type { RoomPin } from "../live-commerce/room-shelf";
import type { PlayType, PresenceRole } from "./room-api";

/**
 * The messages of the room's WebSocket (resources/rooms/room-api.ts roomSocketPath), both ways. Every
 * message is one JSON object with a `t` naming its kind.
 *
 * A connection is one browser page; a person with two pages is two connections with one `key`.
 * Presence is therefore kept by connection (`conn`) and shown by person (`key`). A room of
 * thousands lists its first people only, with the count of all of them (`people`).
 */

/** One connection in the room. */
export interface PresenceEntry {
  conn: string;
  /** The person: "i<identity id>", "w<whitelist entry>" or "a<random>" for a share viewer. */
  key: string;
  name: string;
  role: PresenceRole;
}

/** A chat message as the room shows it. */
export interface RoomChat {
  id: number;
  key: string;
  name: string;
  role: PresenceRole;
  txt: string;
  /** 'YYYY-MM-DD HH:mm:ss'. */
  time: string;
  /** Waiting for review: shown only to its author and the staff until approved. */
  held: boolean;
  /** A moderator's reply to one viewer (their `key`): shown only to them and the staff (issue 20). */
  to?: string;
}

export interface RoomLive {
  id: number;
  title: string;
  begintime: string;
  endtime: string;
  /** 0 not started, 1 live, 2 ended, by the live's times. */
  state: 0 | 1 | 2;
  livetype: number;
  teachers: string[];
  /** Types 0 and 7: the teacher's camera by WebRTC. */
  smallClass: boolean;
  /** A large class's external stream address (LIVE_STREAM_URL), "" when none. */
  streamUrl: string;
  /** A large class's publication in the built-in room (issue 18). */
  broadcast: RoomBroadcast;
}

/**
 * The teacher's publication of a large class: waiting (never started, or the publisher is away),
 * live (its playlist is being written), ended (结束直播, or gone after the end time).
 */
export type BroadcastState = "waiting" | "live" | "ended";

export interface RoomBroadcast {
  state: BroadcastState;
  /** The HLS playlist's path on the live-class host (add `?token=`); "" before the first publication. */
  playlist: string;
  /** The assistant the teacher has given the floor to (who may then publish), by presence key; null when the teacher keeps it. */
  floor: { key: string; name: string } | null;
}

/** Publisher → server on broadcastSocketPath; the webm chunks travel as binary frames between them. */
export type PublishClientMessage = { t: "hello"; token: string } | { t: "end" };

/** Server → publisher. */
export type PublishServerMessage =
  /** Send chunks now. */
  | { t: "ready" }
  /** The live ended and its recording was stored (or not: `msg` says why). */
  | { t: "ended"; msg?: string }
  | { t: "error"; msg: string; fatal?: boolean };

export interface RoomRecording {
  name: string;
  url: string;
  duration: number;
  /** The live's own recording (made when its broadcast ended), where its chapters are; absent for a recorded session's videos. */
  live?: true;
}

/** Client → server. */
export type ClientMessage =
  | { t: "hello"; token: string; h5?: boolean }
  | { t: "chat"; txt: string }
  /** WebRTC signalling to one connection of the same room (an offer, an answer, a candidate). */
  | { t: "signal"; to: string; data: unknown };

/** Server → client. */
export type ServerMessage =
  | {
      t: "welcome";
      me: PresenceEntry;
      playType: PlayType;
      live: RoomLive;
      /** The pages of the room's first people (roomLimits.presenceShown, the staff always), in order of arrival. */
      present: PresenceEntry[];
      /** Everyone in the room, each person once. */
      people: number;
      chat: RoomChat[];
      recordings: RoomRecording[];
    }
  /** A page came, of a person the room lists (others change only the count). */
  | { t: "join"; entry: PresenceEntry }
  /** Several of the room's broadcasts at once (joins, leaves, the count, shown chat), in order. */
  | { t: "batch"; m: ServerMessage[] }
  | { t: "leave"; conn: string }
  /** The number of people in the room changed. */
  | { t: "people"; n: number }
  /** A new message, or one the room already shows changed (a held one passed): shown in its place. */
  | { t: "chat"; chat: RoomChat }
  /** Messages a moderator banned or revoked: taken off the screen. */
  | { t: "chatGone"; ids: number[] }
  | { t: "signal"; from: string; data: unknown }
  /** A fresh token for reconnecting after the first one has expired. */
  | { t: "token"; token: string }
  /** The large class's publication changed (waiting, live, ended). */
  | { t: "broadcast"; broadcast: RoomBroadcast }
  /** The teacher pinned a card of the live's products or ads, or unpinned it (null). */
  | { t: "pin"; pinned: RoomPin | null }
  /** The live's products or ads changed: read the cards again. */
  | { t: "shelf" }
  /** A refusal; `fatal` closes the connection after it. */
  | { t: "error"; msg: string; fatal?: boolean };
