import { roomLimits } from "../../../resources/rooms/room-api";
import type { PresenceEntry } from "../../../resources/rooms/room-protocol";
import { isStaff } from "./chat";

/** A page that left is remembered this long, so its join arriving late on the bus brings no ghost back. */
const GONE_KEPT_MS = 60_000;

/**
 * Who is in one live room, across every process, as this process knows it: filled from the open
 * visits when its first page of the live arrives, then kept from the comings and goings the bus
 * brings. It counts people (a person's pages are one) and lists the first `presenceShown` of them,
 * the staff always, in order of arrival: pages are told the count and the listed people's pages, so
 * in a room of thousands a newcomer past the list is a new count, not a name sent to every page.
 * A listed person's place is not given to someone else when they leave.
 */
export class Roster {
  private readonly pages = new Map<string, PresenceEntry>();
  private readonly pagesOf = new Map<string, number>();
  private readonly listedKeys = new Set<string>();
  /** The listed people's pages, in order of arrival: each welcome reads them, so they are kept, not filtered out of thousands. */
  private readonly listedPages = new Map<string, PresenceEntry>();
  private listedViewers = 0;
  private readonly gone = new Map<string, number>();

  /** People in the room, each once however many pages they hold. */
  get people(): number {
    return this.pagesOf.size;
  }

  /** The pages of the listed people, in order of arrival. */
  listed(): PresenceEntry[] {
    return [...this.listedPages.values()];
  }

  has(conn: string): boolean {
    return this.pages.has(conn);
  }

  /** A page came: whether the room's pages are to hear of it (its person is listed); null when it was known, or has already left. */
  add(entry: PresenceEntry): boolean | null {
    if (this.pages.has(entry.conn) || this.gone.has(entry.conn)) return null;
    this.pages.set(entry.conn, entry);
    const pages = this.pagesOf.get(entry.key) ?? 0;
    this.pagesOf.set(entry.key, pages + 1);
    if (pages === 0 && (isStaff(entry.role) || this.listedViewers < roomLimits.presenceShown)) {
      this.listedKeys.add(entry.key);
      if (!isStaff(entry.role)) this.listedViewers++;
    }
    const listed = this.listedKeys.has(entry.key);
    if (listed) this.listedPages.set(entry.conn, entry);
    return listed;
  }

  /** A page left: whether the room's pages are to hear of it; null when it was not here. */
  remove(conn: string, now: number): boolean | null {
    this.gone.set(conn, now);
    const entry = this.pages.get(conn);
    if (!entry) return null;
    this.pages.delete(conn);
    this.listedPages.delete(conn);
    const listed = this.listedKeys.has(entry.key);
    const pages = this.pagesOf.get(entry.key)! - 1;
    if (pages > 0) this.pagesOf.set(entry.key, pages);
    else {
      this.pagesOf.delete(entry.key);
      if (this.listedKeys.delete(entry.key) && !isStaff(entry.role)) this.listedViewers--;
    }
    return listed;
  }

  /** The conns of every page, for comparing with a fresh read of the database. */
  conns(): string[] {
    return [...this.pages.keys()];
  }

  /** Forgets the pages that left long enough ago. */
  prune(now: number): void {
    for (const [conn, at] of this.gone) if (now - at > GONE_KEPT_MS) this.gone.delete(conn);
  }
}
