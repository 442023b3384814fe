import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { roomLimits } from "../../../resources/rooms/room-api";
import type { PresenceEntry, ServerMessage } from "../../../resources/rooms/room-protocol";
import { formatDateTime } from "../../../server/services/datetime";
import { chatGatherMs, presenceGatherMs, Room, type RoomPage } from "../../../server/services/rooms/room";

/**
 * A room's comings, goings and chat are coalesced (issue 20, Performance: 5,000 viewers in one
 * room): a burst of joins reaches each page as a bounded number of frames that end at the right
 * count, the list names the room's first people and the staff always, and a large room gathers its
 * chat longer but within the delivery target. The room is driven directly, on a fake clock.
 */

interface Page extends RoomPage {
  frames: string[];
}

const page = (conn: string, role: PresenceEntry["role"]): Page => ({ conn, grant: { role, key: `k-${conn}` }, pending: null, frames: [] });
const entry = (conn: string, role: PresenceEntry["role"] = "guest"): PresenceEntry => ({ conn, key: `k-${conn}`, name: `观众${conn}`, role });

/** What a page was told, each frame's messages in order (a batch opened). */
const told = (p: Page): ServerMessage[] =>
  p.frames.flatMap((f) => {
    const m = JSON.parse(f) as ServerMessage;
    return m.t === "batch" ? m.m : [m];
  });
const lastCount = (p: Page) => told(p).filter((m): m is Extract<ServerMessage, { t: "people" }> => m.t === "people").at(-1)?.n;

async function openRoom(present: PresenceEntry[] = []) {
  const room = new Room<Page>(
    async () => present,
    (p, data) => p.frames.push(data),
  );
  await room.ready;
  return room;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("a room's coalesced presence", () => {
  it("tells each page of a burst of 100 joins in a few frames, ending at the right count", async () => {
    const room = await openRoom();
    const teacher = page("t", "teacher");
    const viewer = page("v", "guest");
    for (const p of [teacher, viewer]) {
      room.pages.add(p);
      room.came(entry(p.conn, p.grant.role));
    }
    await vi.advanceTimersByTimeAsync(presenceGatherMs(room.pages.size));
    teacher.frames.length = viewer.frames.length = 0;

    // 100 guests over 2 s, one every 20 ms, as the bus would bring them.
    for (let i = 0; i < 100; i++) {
      room.hear({ k: "join", live: 1, entry: entry(`g${i}`) });
      await vi.advanceTimersByTimeAsync(20);
    }
    await vi.advanceTimersByTimeAsync(presenceGatherMs(room.pages.size));
    for (const p of [teacher, viewer]) {
      // One frame every presenceGatherMs at most: 2 s of joins, 500 ms apart.
      expect(p.frames.length).toBeGreaterThan(0);
      expect(p.frames.length).toBeLessThanOrEqual(2000 / presenceGatherMs(room.pages.size) + 1);
      expect(lastCount(p)).toBe(102);
      expect(told(p).filter((m) => m.t === "join")).toHaveLength(100);
    }
    expect(room.roster.people).toBe(102);

    // Leaving and coming back within one gathering: the count is told once, at its end.
    teacher.frames.length = 0;
    room.hear({ k: "leave", live: 1, conn: "g0" });
    room.hear({ k: "leave", live: 1, conn: "g1" });
    room.hear({ k: "join", live: 1, entry: entry("g100") });
    await vi.advanceTimersByTimeAsync(presenceGatherMs(room.pages.size));
    expect(teacher.frames).toHaveLength(1);
    expect(told(teacher).filter((m) => m.t === "people")).toEqual([{ t: "people", n: 101 }]);
    room.close();
  });

  it("lists the room's first people and the staff always; a crowd past the list is a count, not a name to every page", async () => {
    const crowd = Array.from({ length: roomLimits.presenceShown + 50 }, (_, i) => entry(`c${i}`));
    const room = await openRoom(crowd);
    const viewer = page("v", "guest");
    room.pages.add(viewer);
    room.came(entry("v"));
    expect(room.roster.people).toBe(crowd.length + 1);
    expect(new Set(room.roster.listed().map((e) => e.key)).size).toBe(roomLimits.presenceShown);

    // A guest past the list changes the count only; an assistant arriving is named to everyone.
    room.hear({ k: "join", live: 1, entry: entry("late") });
    room.hear({ k: "join", live: 1, entry: entry("a1", "assistant") });
    await vi.advanceTimersByTimeAsync(presenceGatherMs(room.pages.size));
    expect(told(viewer)).toEqual([
      { t: "join", entry: entry("a1", "assistant") },
      { t: "people", n: crowd.length + 3 },
    ]);
    const listed = room.roster.listed();
    expect(listed.map((e) => e.conn)).toContain("a1");
    expect(listed.map((e) => e.conn)).not.toContain("late");

    // A listed person who leaves is told; their place goes to the next newcomer, in order of arrival.
    room.hear({ k: "leave", live: 1, conn: "c0" });
    room.hear({ k: "join", live: 1, entry: entry("next") });
    await vi.advanceTimersByTimeAsync(presenceGatherMs(room.pages.size));
    expect(told(viewer).slice(2)).toEqual([{ t: "leave", conn: "c0" }, { t: "join", entry: entry("next") }, { t: "people", n: crowd.length + 3 }]);
    expect(room.roster.listed().at(-1)?.conn).toBe("next");
    room.close();
  });

  it("gathers longer in a large room, within bounds", () => {
    expect(presenceGatherMs(10)).toBe(500);
    expect(presenceGatherMs(5000)).toBe(2000);
    expect(presenceGatherMs(100_000)).toBe(2000);
    expect(chatGatherMs(10)).toBe(40);
    expect(chatGatherMs(1000)).toBe(40);
    expect(chatGatherMs(5000)).toBe(100);
    expect(chatGatherMs(100_000)).toBe(100);
  });
});

describe("a large room's chat", () => {
  it("reaches 5,000 pages as one frame per gathering, each message once, within the gathering's delay", async () => {
    const room = await openRoom();
    const pages = Array.from({ length: 5000 }, (_, i) => page(`p${i}`, "guest"));
    for (const p of pages) room.pages.add(p);
    // 50 messages over a second.
    for (let n = 0; n < 50; n++) {
      room.hear({ k: "chat", live: 1, chat: { id: n + 1, key: "k-p0", name: "观众p0", role: "guest", txt: `消息${n}`, time: formatDateTime(Date.now()), held: false } });
      await vi.advanceTimersByTimeAsync(20);
    }
    await vi.advanceTimersByTimeAsync(chatGatherMs(pages.length));
    for (const p of [pages[0], pages[2500], pages[4999]]) {
      expect(p.frames.length).toBeLessThanOrEqual(1000 / chatGatherMs(pages.length) + 1);
      expect(told(p).map((m) => (m.t === "chat" ? m.chat.id : 0))).toEqual(Array.from({ length: 50 }, (_, n) => n + 1));
    }
    room.close();
  });
});
