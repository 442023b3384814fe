import { createContext } from "react";

/** What the room needs of a WebSocket; the browser's, or a scripted one in stories and tests. */
export interface RoomConnection {
  readonly readyState: number;
  send(data: string): void;
  close(): void;
  onopen: (() => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: (() => void) | null;
}

/** readyState of an open WebSocket. */
export const OPEN = 1;

/** How the room opens its connection: the browser's WebSocket unless a story or test says otherwise. */
export const RoomTransport = createContext<(url: string) => RoomConnection>((url) => new WebSocket(url) as unknown as RoomConnection);
