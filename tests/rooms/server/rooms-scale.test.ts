import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { roomLimits, roomMessages } from "../../../resources/rooms/room-api";
import { openDb, type Db } from "../../../server/db/database";
import { sampleConcurrency } from "../../../server/services/rooms/concurrency";
import { startServer } from "../../../scripts/lib/server-process.mjs";
import { freshDatabase } from "../../kernel/server/helpers";
import { makeLive, MINUTE, openRoom, type RoomPage } from "./rooms-helpers";

/**
 * Scale-out (issue 11 item 2): two real server processes on one PostgreSQL database. Viewers of
 * one live connected to different processes see each other come and go and hear each other's
 * chat, relayed by LISTEN/NOTIFY; a WebRTC offer too large for a NOTIFY goes through room_relay;
 * the concurrency sample counts the viewers of both; one viewer's limits hold across both.
 */
const pg = process.env.DATABASE_URL;

describe.skipIf(!pg)("two server processes on one PostgreSQL", () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let servers: Awaited<ReturnType<typeof startServer>>[] = [];
  let db: Db;
  let org: number;
  let guid: string;
  const pages: RoomPage[] = [];

  beforeAll(async () => {
    fresh = await freshDatabase();
    // One after the other: the first migrates; both share DATA_DIR, so one token key.
    servers.push(await startServer({ dataDir: fresh.dataDir, databaseUrl: fresh.url!, env: { DEMO: "0" } }));
    servers.push(await startServer({ dataDir: fresh.dataDir, databaseUrl: fresh.url!, env: { DEMO: "0" } }));
    db = openDb({ databaseUrl: fresh.url, dataDir: fresh.dataDir, poolSize: 2 });
    const now = Date.now();
    org = (await db.kysely.insertInto("organisations").values({ name: "扩展学校", balance_milli: 0, created_at: now }).returning("id").executeTakeFirstOrThrow()).id;
    guid = `scale-${now}`;
    await makeLive(db, { org, begin: now - MINUTE, end: now + 60 * MINUTE, shareGuid: guid });
  }, 240_000);

  afterAll(async () => {
    for (const p of pages) p.socket.terminate();
    await Promise.all(servers.map((s) => s.stop()));
    servers = [];
    await db?.close();
    await fresh?.drop();
  }, 60_000);

  /** A share viewer's token for `name`, from server `n`. */
  async function tokenOf(n: number, name: string): Promise<string> {
    const res = await fetch(`${servers[n].baseURL}/api/v1/room/share`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ guid, byname: 1, name }) });
    const body = (await res.json()) as { code: number; msg: string; data: { token: string } };
    expect(body.code, body.msg).toBe(0);
    return body.data.token;
  }

  /** A page of `token` on server `n`, once welcomed. */
  async function pageOn(n: number, token: string): Promise<RoomPage> {
    const page = openRoom(servers[n].baseURL.replace(/^http/, "ws"), token);
    pages.push(page);
    await page.next("welcome");
    return page;
  }

  /** A share viewer named `name` on server `n`. */
  const viewer = async (n: number, name: string) => pageOn(n, await tokenOf(n, name));

  it("shows presence and carries chat between viewers of different processes", async () => {
    const a = await viewer(0, "甲");
    const b = await viewer(1, "乙");
    expect((await b.next("welcome")).present.map((p) => p.name)).toEqual(["甲", "乙"]);
    await a.next("join", (m) => m.entry.name === "乙");

    a.send({ t: "chat", txt: "来自一号进程" });
    await b.next("chat", (m) => m.chat.txt === "来自一号进程" && m.chat.name === "甲");
    b.send({ t: "chat", txt: "来自二号进程" });
    await a.next("chat", (m) => m.chat.txt === "来自二号进程" && m.chat.name === "乙");

    // A WebRTC offer larger than a NOTIFY payload reaches its one addressee.
    const bConn = (await b.next("welcome")).me.conn;
    const sdp = "v=0 ".repeat(4000);
    a.send({ t: "signal", to: bConn, data: { sdp } });
    const signal = await b.next("signal");
    expect(signal.data).toEqual({ sdp });
    expect(signal.from).toBe((await a.next("welcome")).me.conn);

    const at = Date.now();
    await sampleConcurrency(db, at);
    const sample = await db.kysely.selectFrom("live_concurrency").select("usernum").where("org_id", "=", org).where("ts", "=", Math.floor(at / MINUTE) * MINUTE).executeTakeFirstOrThrow();
    expect(sample.usernum).toBe(2);

    await b.close();
    await a.next("leave", (m) => m.conn === bConn);
  });

  it("holds one viewer's limits across the processes its pages are on (issue 16 item 2.2)", async () => {
    const token = await tokenOf(0, "丙");
    // Pages on alternate processes: the fourth closes the first, on the other process.
    const [first, ...rest] = [await pageOn(0, token), await pageOn(1, token), await pageOn(0, token)];
    const fourth = await pageOn(1, token);
    expect(await first.next("error")).toMatchObject({ msg: roomMessages.pageReplaced, fatal: true });
    expect(await first.closed).toBe(4003);
    // The person's chat is counted on both: a burst on one, then one more on the other is too many.
    for (let i = 0; i < roomLimits.chatBurst; i++) rest[1].send({ t: "chat", txt: `丙说${i}` });
    await rest[1].next("chat", (m) => m.chat.txt === `丙说${roomLimits.chatBurst - 1}`);
    fourth.send({ t: "chat", txt: "再说一句" });
    expect(await fourth.next("error")).toMatchObject({ msg: roomMessages.chatTooFast });
    // Another viewer counts 丙 once, however many pages it holds on however many processes.
    const other = openRoom(servers[0].baseURL.replace(/^http/, "ws"), await tokenOf(0, "丁"));
    pages.push(other);
    const welcome = await other.next("welcome");
    expect(new Set(welcome.present.filter((p) => p.name === "丙").map((p) => p.key)).size).toBe(1);
    expect(welcome.people).toBe(new Set(welcome.present.map((p) => p.key)).size);
  });
});
