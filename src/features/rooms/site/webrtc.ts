import { useCallback, useEffect, useRef, useState } from "react";
import type { PresenceEntry } from "../../../../resources/rooms/room-protocol";
import type { RoomSocket } from "./use-room-socket";

/**
 * The small class's video (issue 11 item 5): the teacher's camera or screen goes browser to browser
 * to each page in the room (at most six viewers, resources/rooms/room-api.ts), signalled over the room's
 * WebSocket. The teacher offers; each viewer answers; ICE candidates follow as they are found.
 * No STUN or TURN server: pages on one network (the school's, or this machine's loopback) reach
 * each other directly.
 */
type Signal = { type: "offer" | "answer"; sdp: string } | { type: "candidate"; candidate: RTCIceCandidateInit } | { type: "bye" };

const isSignal = (data: unknown): data is Signal => !!data && typeof data === "object" && typeof (data as { type?: unknown }).type === "string";

/** Signals of one peer are handled in order: a candidate never overtakes the description it belongs to. */
function inOrder() {
  let chain: Promise<unknown> = Promise.resolve();
  return (work: () => Promise<unknown>) => {
    chain = chain.then(work).catch(() => undefined);
  };
}

export type Source = "camera" | "screen";

/** The teacher's side: what it sends, to every other page in the room. */
export function useBroadcast(socket: RoomSocket, present: PresenceEntry[], me: PresenceEntry | null) {
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [error, setError] = useState("");
  const peers = useRef(new Map<string, { pc: RTCPeerConnection; run: ReturnType<typeof inOrder> }>());
  const streamRef = useRef<MediaStream | null>(null);
  const { signal, onSignal } = socket;

  const offerTo = useCallback(
    (conn: string) => {
      const media = streamRef.current;
      if (!media || peers.current.has(conn)) return;
      const pc = new RTCPeerConnection();
      const run = inOrder();
      peers.current.set(conn, { pc, run });
      for (const track of media.getTracks()) pc.addTrack(track, media);
      pc.onicecandidate = (e) => e.candidate && signal(conn, { type: "candidate", candidate: e.candidate.toJSON() } satisfies Signal);
      run(async () => {
        const offer = await pc.createOffer();
        await pc.setLocalDescription(offer);
        signal(conn, { type: "offer", sdp: offer.sdp ?? "" } satisfies Signal);
      });
    },
    [signal],
  );

  // Everyone in the room gets the picture while it is on, whoever comes later included.
  useEffect(() => {
    if (!stream || !me) return;
    const here = new Set(present.map((p) => p.conn));
    for (const p of present) if (p.conn !== me.conn) offerTo(p.conn);
    for (const [conn, peer] of peers.current)
      if (!here.has(conn)) {
        peer.pc.close();
        peers.current.delete(conn);
      }
  }, [stream, present, me, offerTo]);

  useEffect(
    () =>
      onSignal((from, data) => {
        const peer = peers.current.get(from);
        if (!peer || !isSignal(data)) return;
        if (data.type === "answer") peer.run(() => peer.pc.setRemoteDescription({ type: "answer", sdp: data.sdp }));
        else if (data.type === "candidate") peer.run(() => peer.pc.addIceCandidate(data.candidate));
      }),
    [onSignal],
  );

  const stop = useCallback(() => {
    for (const [conn, peer] of peers.current) {
      signal(conn, { type: "bye" } satisfies Signal);
      peer.pc.close();
    }
    peers.current.clear();
    streamRef.current?.getTracks().forEach((t) => t.stop());
    streamRef.current = null;
    setStream(null);
  }, [signal]);

  const start = useCallback(
    async (source: Source) => {
      setError("");
      try {
        const media = source === "camera" ? await navigator.mediaDevices.getUserMedia({ video: true, audio: true }) : await navigator.mediaDevices.getDisplayMedia({ video: true, audio: false });
        stop();
        streamRef.current = media;
        setStream(media);
      } catch {
        setError(source === "camera" ? "无法打开摄像头，请检查浏览器的摄像头权限" : "未能共享屏幕");
      }
    },
    [stop],
  );

  useEffect(() => () => stop(), [stop]);
  return { stream, error, start, stop };
}

/** A viewer's side: the picture a teacher of the room sends it. */
export function useReception(socket: RoomSocket, present: PresenceEntry[]) {
  const [stream, setStream] = useState<MediaStream | null>(null);
  const peer = useRef<{ from: string; pc: RTCPeerConnection; run: ReturnType<typeof inOrder> } | null>(null);
  const teachers = useRef(new Set<string>());
  teachers.current = new Set(present.filter((p) => p.role === "teacher").map((p) => p.conn));
  const { signal, onSignal } = socket;

  const close = useCallback(() => {
    peer.current?.pc.close();
    peer.current = null;
    setStream(null);
  }, []);

  useEffect(
    () =>
      onSignal((from, data) => {
        if (!isSignal(data) || !teachers.current.has(from)) return;
        if (data.type === "offer") {
          if (peer.current) peer.current.pc.close();
          const pc = new RTCPeerConnection();
          const run = inOrder();
          peer.current = { from, pc, run };
          pc.ontrack = (e) => setStream(e.streams[0] ?? new MediaStream([e.track]));
          pc.onicecandidate = (e) => e.candidate && signal(from, { type: "candidate", candidate: e.candidate.toJSON() } satisfies Signal);
          run(async () => {
            await pc.setRemoteDescription({ type: "offer", sdp: data.sdp });
            const answer = await pc.createAnswer();
            await pc.setLocalDescription(answer);
            signal(from, { type: "answer", sdp: answer.sdp ?? "" } satisfies Signal);
          });
          return;
        }
        const current = peer.current;
        if (!current || current.from !== from) return;
        if (data.type === "candidate") current.run(() => current.pc.addIceCandidate(data.candidate));
        else if (data.type === "bye") close();
      }),
    [onSignal, signal, close],
  );

  // The teacher left the room: its picture is gone.
  useEffect(() => {
    if (peer.current && !present.some((p) => p.conn === peer.current!.from)) close();
  }, [present, close]);
  useEffect(() => () => close(), [close]);
  return stream;
}
