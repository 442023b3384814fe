import crypto from "node:crypto";
import Ajv, { type ValidateFunction } from "ajv";
import ajvErrors from "ajv-errors";
import { sql, type Kysely } from "kysely";
import sanitizeHtml from "sanitize-html";
import { roomLimits, roomMessages, type ShareAnswers, type ShareField, type ShareInfo } from "../../../resources/rooms/room-api";
import { registrationSchema } from "../../../resources/rooms/room-registration";
import type { Db } from "../../db/database";
import { ApiError, fail } from "../../plugins/envelope";
import { schemaRegistry } from "../../plugins/schemas";
import { formatDateTime } from "../datetime";
import { liveStateAt } from "./live-times";
import type { RoomGrant } from "./room-token";

/**
 * A share link's viewer (2 §2 no-verification link, replay link; 2 §3 validator settings): nobody
 * is signed in, and the live is named only by its unguessable guid. Each query below reads that
 * one live's rows by its id, found by the guid; the viewer then gets a room token for that live and
 * organisation alone (room-token.ts), and the room takes it from there through the signed scope.
 */

interface SharedLive {
  id: number;
  org_id: number;
  title: string;
  begin_time: number;
  end_time: number;
}

interface Verification {
  check: 1 | 2 | 3;
  password: string;
  logo_url: string;
  poster: string;
  desc: string;
  fields: ShareField[];
}

const refuse = (msg: string) => new ApiError(403, msg);

/** The live of a share (replay: 0) or replay (1) guid; voided lives are no longer shared. */
async function sharedLive(db: Db, guid: string, replay: boolean): Promise<SharedLive> {
  const live = await db.kysely
    .selectFrom("lives")
    .select(["id", "org_id", "title", "begin_time", "end_time"])
    .where(replay ? "replay_guid" : "share_guid", "=", guid)
    .where("voided", "=", 0)
    .executeTakeFirst();
  if (!live) throw refuse(roomMessages.shareInvalid);
  return live;
}

const text = (v: unknown, max = 200) => (typeof v === "string" ? v.slice(0, max) : "");

/** The registration fields of a stored `extra` when the form is on (isRecord 2); malformed ones are left out. */
export function fieldsOf(extra: string): ShareField[] {
  let parsed: { isRecord?: unknown; data?: unknown };
  try {
    parsed = JSON.parse(extra) as typeof parsed;
  } catch {
    return [];
  }
  if (Number(parsed?.isRecord) !== 2 || !Array.isArray(parsed.data)) return [];
  return parsed.data
    .filter((f): f is Record<string, unknown> => !!f && typeof f === "object" && [1, 2, 3, 4, 5, 6].includes(Number((f as Record<string, unknown>).formaDataType)))
    .slice(0, 30)
    .map((f) => ({
      formaDataType: Number(f.formaDataType) as ShareField["formaDataType"],
      name: text(f.name, 40) || "信息",
      placeholder: text(f.placeholder, 100),
      required: f.required === true || Number(f.formaDataType) === 1,
      checkList: Array.isArray(f.checkList) ? f.checkList.map((c) => text(c, 100)).filter(Boolean).slice(0, 30) : [],
    }));
}

/** The live's verification; a live without settings lets viewers straight in (check 1). */
async function verificationOf(db: Db, liveId: number): Promise<Verification> {
  const row = await db.kysely.selectFrom("live_validators").select(["check_type", "password", "logo_url", "poster", "descr", "extra"]).where("live_id", "=", liveId).executeTakeFirst();
  if (!row) return { check: 1, password: "", logo_url: "", poster: "", desc: "", fields: [] };
  const check = ([1, 2, 3].includes(row.check_type) ? row.check_type : 1) as 1 | 2 | 3;
  return { check, password: row.password, logo_url: row.logo_url, poster: row.poster, desc: row.descr, fields: fieldsOf(row.extra) };
}

/** The introduction is stored sanitised; it is cleaned again on the way out, to a plain set of tags. */
const cleanDesc = (html: string) =>
  sanitizeHtml(html, {
    allowedTags: ["p", "br", "strong", "b", "em", "i", "u", "s", "ul", "ol", "li", "h1", "h2", "h3", "h4", "blockquote", "a", "img", "span"],
    allowedAttributes: { a: ["href", "target", "rel"], img: ["src", "alt", "width", "height"] },
    allowedSchemes: ["http", "https"],
    transformTags: { a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer", target: "_blank" }) },
  });

/** What a share link's page shows before the viewer answers (GET roomApi.share). */
export async function shareInfo(db: Db, guid: string, replay: boolean, now: number): Promise<ShareInfo> {
  const live = await sharedLive(db, guid, replay);
  const v = await verificationOf(db, live.id);
  return {
    liveid: live.id,
    title: live.title,
    begintime: formatDateTime(live.begin_time),
    endtime: formatDateTime(live.end_time),
    state: liveStateAt(live, now),
    check: v.check,
    logo_url: v.logo_url,
    poster: v.poster,
    desc: cleanDesc(v.desc),
    fields: v.fields,
  };
}

// ── the registration form ───────────────────────────────────────────────────────────────────

let ajv: Ajv | null = null;
const compiled = new Map<string, ValidateFunction>();

/** The form's validator, over the same schema the share page draws (resources/rooms/room-registration.ts). */
function registrationValidator(fields: ShareField[]): ValidateFunction {
  const key = JSON.stringify(fields);
  let validate = compiled.get(key);
  if (validate) return validate;
  if (!ajv) {
    ajv = new Ajv({ allErrors: true, strict: false });
    ajvErrors(ajv);
    for (const id of ["phone.def", "email.def"]) ajv.addSchema(schemaRegistry.get(id) as object);
  }
  validate = ajv.compile(registrationSchema(fields));
  // A handful of lives share at once; past that the oldest forms are compiled again when asked.
  if (compiled.size >= 200) compiled.delete(compiled.keys().next().value as string);
  compiled.set(key, validate);
  return validate;
}

/** The answers as stored, or the form's first message (in the form's order). */
function checkAnswers(fields: ShareField[], answers: ShareAnswers["answers"]): { name: string; value: string | string[] }[] {
  const given = (i: number): unknown => answers?.[i];
  const asText = (v: unknown) => (typeof v === "string" ? v : "");
  const asList = (v: unknown) => (Array.isArray(v) ? v.map(asText) : typeof v === "string" && v ? [v] : []);
  const values: Record<string, string | string[]> = Object.fromEntries(fields.map((f, i) => [`f${i}`, f.formaDataType === 6 ? asList(given(i)) : asText(given(i)).trim()]));
  // An unanswered optional field is no answer, not an empty one to check.
  for (const [i, f] of fields.entries()) if (!f.required && (values[`f${i}`] === "" || (Array.isArray(values[`f${i}`]) && !values[`f${i}`].length))) delete values[`f${i}`];
  const validate = registrationValidator(fields);
  if (!validate(values)) {
    // The first field's message; for an empty field, that it is missing rather than malformed.
    const first = [...(validate.errors ?? [])].sort((a, b) => fieldIndex(a) - fieldIndex(b) || Number(isMissing(b)) - Number(isMissing(a)))[0];
    // Named as the form names it (f0, f1, …): the share page shows the message under that field.
    throw fail.bad(first?.message ?? roomMessages.shareInvalid, first ? `f${fieldIndex(first)}` : "answers");
  }
  return fields.map((f, i) => ({ name: f.name, value: values[`f${i}`] ?? (f.formaDataType === 6 ? [] : "") }));
}

const isMissing = (error: { params?: unknown }) =>
  ((error.params as { errors?: { keyword?: string }[] } | undefined)?.errors ?? []).some((e) => ["required", "minLength", "minItems"].includes(e.keyword ?? ""));

function fieldIndex(error: { instancePath: string; params?: unknown }): number {
  const missing = (error.params as { errors?: { params?: { missingProperty?: string } }[] } | undefined)?.errors?.[0]?.params?.missingProperty;
  const name = missing ?? error.instancePath.split("/")[1] ?? "";
  const n = Number(name.replace(/^f/, ""));
  return Number.isFinite(n) ? n : 0;
}

// ── wrong answers and tokens, bounded per address ─────────────────────────────────────────────

/** What is counted per live and address in a window: wrong answers to the verification, and tokens given. */
const counters = {
  tries: { table: "room_share_tries", column: "failures", limit: roomLimits.shareTries, windowMs: roomLimits.shareWindowMs },
  passes: { table: "room_guest_passes", column: "issued", limit: roomLimits.guestPassesPerAddress, windowMs: roomLimits.guestPassWindowMs },
} as const;

/**
 * Counts one more for this address and live, in one conditional upsert: false, and nothing
 * counted, when the window already holds `limit` (a window that is over starts again at one).
 * Parallel requests cannot slip past, in one process or several.
 */
async function countOne(db: Db, counter: (typeof counters)[keyof typeof counters], liveId: number, ip: string, now: number): Promise<boolean> {
  const since = now - counter.windowMs;
  const { table, column } = counter;
  // Both counters have this shape; Kysely cannot type an upsert on a table chosen at run time.
  const k = db.kysely as unknown as Kysely<Record<string, { live_id: number; ip: string; window_started_at: number } & Record<string, number | string>>>;
  const counted = await k
    .insertInto(table)
    .values({ live_id: liveId, ip, [column]: 1, window_started_at: now })
    .onConflict((oc) =>
      oc
        .columns(["live_id", "ip"])
        .doUpdateSet({
          [column]: sql`case when ${sql.ref(`${table}.window_started_at`)} < ${since} then 1 else ${sql.ref(`${table}.${column}`)} + 1 end`,
          window_started_at: sql`case when ${sql.ref(`${table}.window_started_at`)} < ${since} then ${now} else ${sql.ref(`${table}.window_started_at`)} end`,
        })
        .where((eb) => eb.or([eb(`${table}.window_started_at`, "<", since), eb(`${table}.${column}`, "<", counter.limit)])),
    )
    .returning("live_id")
    .executeTakeFirst();
  return !!counted;
}

/** Reserves one try of a secret (whitelist or password) before it is checked; a right answer gives it back. */
async function reserveTry(db: Db, liveId: number, ip: string, now: number): Promise<void> {
  if (!(await countOne(db, counters.tries, liveId, ip, now))) throw new ApiError(429, roomMessages.tooManyTries);
}

async function giveBackTry(db: Db, liveId: number, ip: string): Promise<void> {
  await db.kysely.updateTable("room_share_tries").set({ failures: sql`failures - 1` }).where("live_id", "=", liveId).where("ip", "=", ip).where("failures", ">", 0).execute();
}

const sameText = (a: string, b: string) => {
  const x = crypto.createHash("sha256").update(a).digest();
  const y = crypto.createHash("sha256").update(b).digest();
  return crypto.timingSafeEqual(x, y);
};

/**
 * A viewer's answers to a shared live's verification (POST roomApi.shareEnter): the name a name_
 * link asks for, the registration form when it is on (answers stored), then the whitelist entry or
 * the single password. Answers the grant of a viewer token for that live.
 */
export async function enterShared(db: Db, body: ShareAnswers, ip: string, now: number): Promise<RoomGrant> {
  const live = await sharedLive(db, body.guid, body.replay === 1);
  const playback = body.playback === 1 || body.replay === 1;
  if (!playback && now >= live.end_time) throw refuse(roomMessages.ended);
  const v = await verificationOf(db, live.id);
  const name = (body.name ?? "").trim();
  if (body.byname === 1 && !name) throw fail.bad(roomMessages.nameNeeded, "name");
  const answers = v.fields.length ? checkAnswers(v.fields, body.answers) : [];

  let key = `a${crypto.randomBytes(8).toString("hex")}`;
  let shownName = name;
  if (v.check === 2 || v.check === 3) {
    const password = body.password ?? "";
    const username = (body.username ?? "").trim();
    if (v.check === 2 && (!username || !password)) throw fail.bad(roomMessages.whitelistNeeded, username ? "password" : "username");
    if (v.check === 3 && !password) throw fail.bad(roomMessages.passwordNeeded, "password");
    await reserveTry(db, live.id, ip, now);
    if (v.check === 2) {
      const entry = await db.kysely.selectFrom("live_whitelist").select(["id", "username"]).where("live_id", "=", live.id).where("password", "=", password).executeTakeFirst();
      if (!entry || !sameText(entry.username, username)) throw refuse(roomMessages.whitelistWrong);
      key = `w${entry.id}`;
      shownName ||= entry.username;
    } else if (!sameText(v.password, password)) throw refuse(roomMessages.passwordWrong);
    await giveBackTry(db, live.id, ip);
  }
  // A guest's token is its entry, so an address gets a bounded number for a live (its sockets are bounded apart, viewer-limits.ts).
  if (!(await countOne(db, counters.passes, live.id, ip, now))) throw new ApiError(429, roomMessages.guestPassesSpent);
  if (answers.length) {
    await db.kysely.insertInto("room_registrations").values({ org_id: live.org_id, live_id: live.id, viewer_key: key, answers: JSON.stringify(answers), created_at: now }).execute();
    const phone = answers.find((_, i) => v.fields[i].formaDataType === 1)?.value;
    if (!shownName && typeof phone === "string" && phone) shownName = `${phone.slice(0, 3)}****${phone.slice(-4)}`;
  }
  return {
    orgId: live.org_id,
    liveId: live.id,
    identityId: 0,
    userType: 0,
    role: "guest",
    key,
    name: (shownName || `游客${key.slice(-4)}`).slice(0, roomLimits.nameMax + 10),
    playType: playback ? 2 : 1,
    exparam: (body.exparam ?? "").slice(0, roomLimits.exparamMax),
  };
}
