import net from "node:net";
import type { FastifyBaseLogger } from "fastify";
import { pushSettings } from "../../../resources/rooms/room-api";
import { flvHeader, flvTag, rtmpConnection, type RtmpPacket } from "../../adapters/rtmp-protocol";
import type { Broadcasts, Publisher } from "./broadcast";

/** Audio and video messages; the encoder's metadata is left out (ffmpeg finds the streams itself). */
const AUDIO = 8;
const VIDEO = 9;

export interface IngestOptions {
  port: number;
  host: string;
  broadcasts: Pick<Broadcasts, "push" | "feed" | "gone">;
  log: FastifyBaseLogger;
}

/**
 * The RTMP ingest of a live's manual push (pushStreamType 1): an encoder such as OBS publishes to
 * `rtmp://<host>:<port>/live` with the live's stream key as the stream name. The publication is
 * admitted by the broadcasts (the key, the live, its window) and then fed, as FLV, to the same
 * ffmpeg pipeline as the browser's; until it is admitted what arrives is held (the codecs' headers
 * come first, and ffmpeg needs them). Anything else (playing, another application, garbage, a
 * refused key, silence) closes the connection and is logged; it never reaches the server's health.
 */
export class RtmpIngest {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();

  constructor(private readonly opts: IngestOptions) {}

  /**
   * Listens on the port; one that cannot be had (another process of this machine holds it) is logged
   * and this process takes no push, the rest of it serving on.
   */
  async start(): Promise<void> {
    const server = net.createServer((socket) => this.connection(socket));
    await new Promise<void>((resolve) => {
      server.once("error", (err) => {
        this.opts.log.error({ err, port: this.opts.port }, "rtmp: the ingest could not listen; this process takes no manual push (pushStreamType 1)");
        resolve();
      });
      server.listen(this.opts.port, this.opts.host, () => {
        this.server = server;
        resolve();
      });
    });
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private connection(socket: net.Socket): void {
    this.sockets.add(socket);
    const rtmp = rtmpConnection();
    const { broadcasts, log } = this.opts;
    let state: "connecting" | "admitting" | "publishing" | "closed" = "connecting";
    let stream = { app: "", name: "" };
    let held: Buffer[] = [flvHeader()];
    let heldBytes = 0;
    const publisher: Publisher = {
      input: ["-f", "flv"],
      get open() {
        return state !== "closed" && !socket.destroyed;
      },
      // An encoder has no channel for words: what matters is logged where it happens.
      send: () => {},
      close: () => void socket.destroy(),
    };
    // The key is a credential: the log names the live it claims, not the key.
    const claimed = () => ({ address: socket.remoteAddress, app: stream.app.slice(0, 40), live: /^\d+-\d+/.exec(stream.name)?.[0] ?? "" });
    const refuse = (reason: string) => {
      if (state === "closed") return;
      log.warn({ ...claimed(), reason }, "rtmp: a publication was refused or dropped");
      if (state === "publishing") broadcasts.gone(publisher);
      state = "closed";
      try {
        rtmp.sendStatusMessage(rtmp.streamId ?? 0, "error", "NetStream.Publish.BadName", "refused");
      } catch {
        // The connection may not be far enough along for a status; closing says the same.
      }
      socket.end();
      setTimeout(() => socket.destroy(), 1000).unref();
    };

    socket.setTimeout(pushSettings.publishWithinMs, () => refuse(state === "publishing" ? "the encoder went silent" : "no publication asked in time"));
    rtmp.onOutputCallback = (data) => {
      if (!socket.destroyed) socket.write(data);
    };
    rtmp.onConnectCallback = (req) => {
      stream = { app: String(req.app ?? ""), name: String(req.name ?? "") };
    };
    rtmp.onPlayCallback = () => refuse("playing is not offered: viewers watch the room's HLS");
    rtmp.onPushCallback = () => {
      if (state !== "connecting") return refuse("a second publication on one connection");
      if (stream.app !== pushSettings.app) return refuse(`unknown application "${stream.app.slice(0, 40)}"`);
      state = "admitting";
      broadcasts
        .push(publisher, stream.name)
        .then((reason) => {
          if (reason) return refuse(reason);
          if (!publisher.open) return broadcasts.gone(publisher);
          state = "publishing";
          log.info(claimed(), "rtmp: publishing");
          for (const chunk of held) broadcasts.feed(publisher, chunk);
          held = [];
        })
        .catch((err) => {
          log.error({ err, ...claimed() }, "rtmp: admitting a publication failed");
          refuse("admitting it failed");
        });
    };
    rtmp.onPacketCallback = (packet: RtmpPacket) => {
      if (packet.codec_type !== AUDIO && packet.codec_type !== VIDEO) return;
      if (state === "publishing") return broadcasts.feed(publisher, flvTag(packet));
      if (state !== "admitting") return;
      const tag = flvTag(packet);
      heldBytes += tag.length;
      if (heldBytes > pushSettings.pendingBytes) return refuse("too much sent before the publication was admitted");
      held.push(tag);
    };

    socket.on("data", (data: Buffer) => {
      if (state === "closed") return;
      let error: string | null;
      try {
        error = rtmp.parserData(data);
      } catch (err) {
        error = err instanceof Error ? err.message : "unreadable";
      }
      if (error) refuse(`not RTMP: ${error.slice(0, 200)}`);
    });
    socket.on("error", () => {
      // "close" follows, which is what matters.
    });
    socket.on("close", () => {
      this.sockets.delete(socket);
      const was = state;
      state = "closed";
      if (was === "publishing") broadcasts.gone(publisher);
    });
  }
}
