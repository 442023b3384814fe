import type { ClientMessage, ServerMessage } from "../../resources/rooms/room-protocol";
import { OPEN, type RoomConnection } from "../../src/features/rooms/site/room-transport";

export interface RoomScript {
  /** What the server answers the hello: a welcome, or a refusal; nothing keeps the page waiting. */
  answer?: ServerMessage;
  /** What follows the welcome, in order. */
  then?: ServerMessage[];
  /** Chat sent by the page comes back as the server would send it; `held` marks it for review. */
  held?: boolean;
  /** The connection drops after the welcome (the page shows it is reconnecting). */
  drops?: boolean;
  delayMs?: number;
}

/**
 * A room's WebSocket played from a script, in place of the server (src/features/rooms/site/room-transport.ts):
 * stories show every state of the room with it, and client tests drive the page and read what it sent.
 */
export class ScriptedRoom implements RoomConnection {
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  readonly sent: ClientMessage[] = [];
  private nextId = 100;

  constructor(private readonly script: RoomScript) {
    setTimeout(() => {
      this.readyState = OPEN;
      this.onopen?.();
    }, 0);
  }

  send(data: string): void {
    const message = JSON.parse(data) as ClientMessage;
    this.sent.push(message);
    if (message.t === "hello" && this.script.answer) {
      this.push(this.script.answer);
      for (const next of this.script.then ?? []) this.push(next);
      if (this.script.drops) setTimeout(() => this.drop(), (this.script.delayMs ?? 50) * 2);
    }
    if (message.t === "chat" && this.script.answer?.t === "welcome") {
      const me = this.script.answer.me;
      this.push({ t: "chat", chat: { id: this.nextId++, key: me.key, name: me.name, role: me.role, txt: message.txt, time: "2026-03-02 19:10:00", held: !!this.script.held } });
    }
  }

  close(): void {
    this.readyState = 3;
  }

  /** Something the server says later (a join, a leave, a chat from someone else). */
  push(message: ServerMessage): void {
    setTimeout(() => this.onmessage?.({ data: JSON.stringify(message) }), this.script.delayMs ?? 50);
  }

  private drop(): void {
    this.readyState = 3;
    // The page would connect again; the script's room is gone, so it stays reconnecting.
    this.onclose?.();
  }
}

/** A transport for RoomTransport that opens scripted rooms and remembers them. */
export function scriptedTransport(script: RoomScript) {
  const opened: ScriptedRoom[] = [];
  let first = true;
  const open = () => {
    // After a drop the page tries again: the script is played once, later tries never answer.
    const room = new ScriptedRoom(first ? script : {});
    first = false;
    opened.push(room);
    return room;
  };
  return { open, opened };
}
