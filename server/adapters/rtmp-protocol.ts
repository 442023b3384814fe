import { createRequire } from "node:module";

/**
 * The RTMP protocol of node-media-server (v4): the handshake, the chunk stream and the AMF commands
 * of one connection, and FLV tags made from its audio and video messages. Only these are used: the
 * package's own server keeps its settings and sessions in one module-wide object, opens an HTTP
 * admin API and a JSON store of its own, and ends the process when its port is taken, none of which
 * belongs inside Lectern's server. The package is plain JavaScript without types; what Lectern
 * calls of it is typed here, once.
 */
export interface RtmpConnection {
  /** Bytes from the socket; an error's text when the stream cannot be read (it may also throw on garbage). */
  parserData(data: Buffer): string | null;
  /** The client asked to publish or play `/<app>/<name>`; called just before `onPushCallback` or `onPlayCallback`. */
  onConnectCallback: (req: { app: string; name: string; host: string; query: Record<string, unknown> }) => void;
  onPushCallback: () => void;
  onPlayCallback: () => void;
  onPacketCallback: (packet: RtmpPacket) => void;
  /** Bytes for the socket. */
  onOutputCallback: (data: Buffer) => void;
  sendStatusMessage(streamId: number, level: string, code: string, description: string): void;
  streamId: number;
}

/** An audio (8), video (9) or data (18) message. */
export interface RtmpPacket {
  codec_type: number;
  dts: number;
  size: number;
  data: Buffer;
}

interface FlvTags {
  createHeader(hasAudio: boolean, hasVideo: boolean): Buffer;
  /** The FLV tag of a packet, its bytes copied (the connection reuses its buffer). */
  createMessage(packet: RtmpPacket): Buffer;
}

const require = createRequire(import.meta.url);
const Rtmp = require("node-media-server/src/protocol/rtmp.js") as new () => RtmpConnection;
const Flv = require("node-media-server/src/protocol/flv.js") as FlvTags;
// Its own logger writes to the console, a line for each unreadable AMF field a client sends: muted,
// since the ingest logs what matters (with the reason) through the server's logger.
(require("node-media-server/src/core/logger.js") as { log: (...args: unknown[]) => void }).log = () => {};

export const rtmpConnection = (): RtmpConnection => new Rtmp();
export const flvHeader = (): Buffer => Flv.createHeader(true, true);
export const flvTag = (packet: RtmpPacket): Buffer => Flv.createMessage(packet);
