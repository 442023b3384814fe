import type { AddressInfo } from "node:net";
import WebSocket from "ws";
import type { FastifyInstance } from "fastify";
import { roomApi, roomSocketPath } from "../../../resources/rooms/room-api";
import type { ServerMessage } from "../../../resources/rooms/room-protocol";
import type { Db } from "../../../server/db/database";
import { signIn, type TestServer } from "../../kernel/server/helpers";
import { call } from "../../users/server/users-helpers";

export const MINUTE = 60_000;

/** The demo identity of a mobile in a role (示例学校 unless the person is elsewhere). */
export async function identityOf(db: Db, mobile: string, role: string) {
  return db.kysely
    .selectFrom("identities as i")
    .innerJoin("persons as p", "p.id", "i.person_id")
    .select(["i.id", "i.org_id", "i.name"])
    .where("p.mobile", "=", mobile)
    .where("i.role", "=", role as never)
    .executeTakeFirstOrThrow();
}

/**
 * The demo's teacher, assistant, student and admin of 示例学校 signed in (`ids`, `cookies` by those
 * names, `org` their school) and the other school's admin (`cookies.otherAdmin`, `otherOrg`): the
 * people a room test acts as.
 */
export async function demoCast(s: TestServer) {
  const ids: Record<string, number> = {};
  const cookies: Record<string, string> = {};
  let org = 0;
  for (const [who, mobile, role] of [["teacher", "13800000001", "teacher"], ["assistant", "13800000002", "assistant"], ["student", "13800000003", "student"], ["admin", "13800000000", "admin"]] as const) {
    const identity = await identityOf(s.db, mobile, role);
    ids[who] = identity.id;
    org = identity.org_id;
    cookies[who] = await signIn(s.app, mobile, role);
  }
  cookies.otherAdmin = await signIn(s.app, "13900000000", "admin");
  const otherOrg = (await identityOf(s.db, "13900000000", "admin")).org_id;
  return { ids, cookies, org, otherOrg };
}

export interface LiveSpec {
  org: number;
  begin: number;
  end: number;
  /** Live type (2 §4); 1 large class by default. */
  scale?: number;
  config?: Record<string, string>;
  teachers?: number[];
  assistants?: number[];
  /** Students of the live itself. */
  students?: number[];
  /** Students of its course. */
  courseStudents?: number[];
  voided?: boolean;
  shareGuid?: string;
  replayGuid?: string;
}

/** A course and a live written straight into the database, as the live form would make them. */
export async function makeLive(db: Db, spec: LiveSpec): Promise<{ liveId: number; courseId: number }> {
  const k = db.kysely;
  const now = Date.now();
  const course = await k
    .insertInto("courses")
    .values({ org_id: spec.org, title: "房间测试课", type: spec.scale ?? 1, max_user_num: 100, expire: now + 30 * 86_400_000, headimg: "", detail: "", status: 1, create_user: "测试", created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  const live = await k
    .insertInto("lives")
    .values({
      org_id: spec.org,
      course_id: course.id,
      title: "房间测试直播",
      begin_time: spec.begin,
      end_time: spec.end,
      status: 0,
      scale: spec.scale ?? 1,
      voided: spec.voided ? 1 : 0,
      detail: "",
      master_id: 0,
      created_at: now,
      updated_at: now,
      config: JSON.stringify(spec.config ?? {}),
      share_guid: spec.shareGuid ?? null,
      replay_guid: spec.replayGuid ?? null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const staff = [...(spec.teachers ?? []).map((id, position) => ({ id, role: "teacher" as const, position })), ...(spec.assistants ?? []).map((id, position) => ({ id, role: "assistant" as const, position }))];
  if (staff.length) await k.insertInto("live_staff").values(staff.map((s) => ({ live_id: live.id, identity_id: s.id, role: s.role, position: s.position }))).execute();
  if (spec.students?.length) await k.insertInto("live_students").values(spec.students.map((id) => ({ org_id: spec.org, live_id: live.id, identity_id: id, created_at: now }))).execute();
  if (spec.courseStudents?.length) await k.insertInto("course_students").values(spec.courseStudents.map((id) => ({ course_id: course.id, identity_id: id, created_at: now }))).execute();
  return { liveId: live.id, courseId: course.id };
}

/** GET /api/v1/enter-room as the signed-in cookie: the whole envelope. */
export async function enterRoom(app: FastifyInstance, cookie: string, q: { room_id: number; group_id: number; user_type: number; replay?: number }) {
  return (await call(app, cookie, roomApi.token, q)).body as { code: number; msg: string; data: { token: string; nick_name: string } | null };
}

/** A listening server's WebSocket base address (ws://127.0.0.1:port). */
export async function listening(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: "127.0.0.1" });
  return `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** A page in a room: every message it got, and a way to wait for the next one of a kind. */
export interface RoomPage {
  socket: WebSocket;
  got: ServerMessage[];
  next<T extends ServerMessage["t"]>(t: T, where?: (m: Extract<ServerMessage, { t: T }>) => boolean, timeoutMs?: number): Promise<Extract<ServerMessage, { t: T }>>;
  send(message: object): void;
  close(): Promise<void>;
  closed: Promise<number>;
}

/** A page saying hello with `token`; from the loopback address `localAddress` when given (a guest of another home). */
export function openRoom(base: string, token: string, extra: Record<string, unknown> = {}, localAddress?: string): RoomPage {
  const socket = new WebSocket(base + roomSocketPath, { localAddress });
  const got: ServerMessage[] = [];
  const waiters = new Set<() => void>();
  socket.on("open", () => socket.send(JSON.stringify({ t: "hello", token, ...extra })));
  socket.on("message", (raw) => {
    const m = JSON.parse(raw.toString()) as ServerMessage;
    // A batch is several of the room's broadcasts: kept one by one, as the page reads them.
    got.push(...(m.t === "batch" ? m.m : [m]));
    for (const w of [...waiters]) w();
  });
  const closed = new Promise<number>((resolve) => socket.on("close", (code) => resolve(code)));
  const page: RoomPage = {
    socket,
    got,
    closed,
    next: (t, where = () => true, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        let from = 0;
        const look = () => {
          for (; from < got.length; from++) {
            const m = got[from];
            if (m.t === t && where(m as never)) {
              waiters.delete(look);
              clearTimeout(timer);
              from++;
              return resolve(m as never);
            }
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(look);
          reject(new Error(`no ${t} message within ${timeoutMs} ms; got ${JSON.stringify(got)}`));
        }, timeoutMs);
        waiters.add(look);
        look();
      }),
    send: (message) => socket.send(JSON.stringify(message)),
    close: async () => {
      socket.close();
      await closed;
    },
  };
  return page;
}

/** Waits until `check` holds (polling), for what a server does after answering. */
export async function eventually(check: () => Promise<boolean> | boolean, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > until) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 25));
  }
}
