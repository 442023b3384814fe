import { useCallback, useContext, useEffect, useReducer, useRef } from "react";
import { hostBase } from "../../../../providers/hosts";
import type { RoomPin } from "../../../../resources/live-commerce/room-shelf";
import { roomSocketPath, type PlayType } from "../../../../resources/rooms/room-api";
import type { ClientMessage, PresenceEntry, RoomChat, RoomLive, RoomRecording, ServerMessage } from "../../../../resources/rooms/room-protocol";
import { OPEN, RoomTransport, type RoomConnection } from "./room-transport";

export interface RoomState {
  /** connecting (first time), open, reconnecting (after a drop), refused (the server said no). */
  phase: "connecting" | "open" | "reconnecting" | "refused";
  refusal: string;
  me: PresenceEntry | null;
  playType: PlayType;
  live: RoomLive | null;
  /** The pages of the people the room lists (its first ones), by connection. */
  present: PresenceEntry[];
  /** Everyone in the room, each person once. */
  people: number;
  chat: RoomChat[];
  recordings: RoomRecording[];
  /** The last refusal of something this page sent (a chat too long, too fast). */
  notice: string;
  /** The teacher's pin as last heard (null before any: the cards' own reading says). */
  pin: { pinned: RoomPin | null } | null;
  /** Rises each time the live's products or ads change: the cards are read again. */
  shelfSerial: number;
}

const initial: RoomState = { phase: "connecting", refusal: "", me: null, playType: 1, live: null, present: [], people: 0, chat: [], recordings: [], notice: "", pin: null, shelfSerial: 0 };

type Action = { k: "message"; m: ServerMessage } | { k: "dropped" } | { k: "notice"; text: string };

/** Messages kept on the page; older ones scroll away. */
const CHAT_KEPT = 500;

function reduce(state: RoomState, action: Action): RoomState {
  if (action.k === "dropped") return state.phase === "refused" ? state : { ...state, phase: "reconnecting" };
  if (action.k === "notice") return { ...state, notice: action.text };
  const m = action.m;
  switch (m.t) {
    case "welcome":
      return { ...state, phase: "open", me: m.me, playType: m.playType, live: m.live, present: m.present, people: m.people, chat: m.chat, recordings: m.recordings, notice: "" };
    case "join":
      return state.present.some((p) => p.conn === m.entry.conn) ? state : { ...state, present: [...state.present, m.entry] };
    case "leave":
      return { ...state, present: state.present.filter((p) => p.conn !== m.conn) };
    case "people":
      return { ...state, people: m.n };
    case "broadcast":
      return state.live ? { ...state, live: { ...state.live, broadcast: m.broadcast } } : state;
    case "pin":
      return { ...state, pin: { pinned: m.pinned } };
    case "shelf":
      return { ...state, shelfSerial: state.shelfSerial + 1 };
    case "chat":
      // A message already shown (held, then passed by a moderator) changes in its place.
      return state.chat.some((c) => c.id === m.chat.id)
        ? { ...state, chat: state.chat.map((c) => (c.id === m.chat.id ? m.chat : c)) }
        : { ...state, chat: [...state.chat, m.chat].slice(-CHAT_KEPT) };
    case "chatGone":
      return { ...state, chat: state.chat.filter((c) => !m.ids.includes(c.id)) };
    case "error":
      return m.fatal ? { ...state, phase: "refused", refusal: m.msg } : { ...state, notice: m.msg };
    case "batch":
      return m.m.reduce((next, one) => reduce(next, { k: "message", m: one }), state);
    default:
      return state;
  }
}

export type SignalHandler = (from: string, data: unknown) => void;

/** ws: or wss: of the live-class host, where the room's WebSocket is. */
const socketUrl = () => hostBase("liveClass").replace(/^http/, "ws") + roomSocketPath;

/**
 * The room's WebSocket (resources/rooms/room-protocol.ts): says hello with the token, keeps the room's
 * state from what the server sends, and reconnects after a drop (1 s, doubling to 10 s) with the
 * freshest token the server handed out. A refusal ends it.
 */
export function useRoomSocket(token: string, h5: boolean) {
  const [state, dispatch] = useReducer(reduce, initial);
  const open = useContext(RoomTransport);
  const socket = useRef<RoomConnection | null>(null);
  const signalHandlers = useRef(new Set<SignalHandler>());
  // The freshest token the server handed out: the publisher and the HLS files are opened with it too.
  const latest = useRef(token);

  useEffect(() => {
    let current = token;
    latest.current = token;
    let stopped = false;
    let refused = false;
    let delay = 1000;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const connect = () => {
      const ws = open(socketUrl());
      socket.current = ws;
      ws.onopen = () => ws.send(JSON.stringify({ t: "hello", token: current, h5 } satisfies ClientMessage));
      ws.onmessage = (event) => {
        let m: ServerMessage;
        try {
          m = JSON.parse(String(event.data)) as ServerMessage;
        } catch {
          return;
        }
        if (m.t === "token") current = latest.current = m.token;
        else if (m.t === "signal") signalHandlers.current.forEach((handle) => handle(m.from, m.data));
        else {
          if (m.t === "welcome") delay = 1000;
          if (m.t === "error" && m.fatal) refused = true;
          dispatch({ k: "message", m });
        }
      };
      ws.onclose = () => {
        if (stopped || refused) return;
        dispatch({ k: "dropped" });
        timer = setTimeout(connect, delay);
        delay = Math.min(delay * 2, 10_000);
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      socket.current?.close();
      socket.current = null;
    };
  }, [token, h5, open]);

  const send = useCallback((message: ClientMessage) => {
    const ws = socket.current;
    if (ws && ws.readyState === OPEN) ws.send(JSON.stringify(message));
  }, []);
  const chat = useCallback((txt: string) => send({ t: "chat", txt }), [send]);
  const signal = useCallback((to: string, data: unknown) => send({ t: "signal", to, data }), [send]);
  const onSignal = useCallback((handler: SignalHandler) => {
    signalHandlers.current.add(handler);
    return () => void signalHandlers.current.delete(handler);
  }, []);
  const notice = useCallback((text: string) => dispatch({ k: "notice", text }), []);
  const currentToken = useCallback(() => latest.current, []);

  return { state, chat, signal, onSignal, notice, currentToken };
}

export type RoomSocket = ReturnType<typeof useRoomSocket>;
