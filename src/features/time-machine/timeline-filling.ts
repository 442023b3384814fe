import { timelineSettings } from "../../../resources/time-machine/time-machine";

/** One frame of the time machine (2 §3): its time (epoch ms) and its address. */
export interface Shot {
  ts: number;
  url: string;
}

/** What teacherfootmark answers (2 §7): the frames' times in order and each frame by its time. */
export interface Footmark {
  title: string;
  timesort: number[];
  imagelist: Record<string, Shot>;
}

/** A slot of the timeline: a frame, or empty. */
export type Slot = Shot | null;

/** The timeline with `shot` in it: in the first empty slot, else after the last (`appended`, so the page scrolls to it). */
export function placeShot(slots: readonly Slot[], shot: Shot): { slots: Slot[]; appended: boolean } {
  const empty = slots.indexOf(null);
  if (empty < 0) return { slots: [...slots, shot], appended: true };
  const next = [...slots];
  next[empty] = shot;
  return { slots: next, appended: false };
}

/** How long the next frame waits to join (2 §4): quicker while many are waiting, so a late page catches up. */
export const paceFor = (pending: number): number => (pending > timelineSettings.hurryOver ? timelineSettings.hurriedPaceMs : timelineSettings.paceMs);

/**
 * The time machine's filling (2 §4): it starts with empty slots; each answer's frames not seen
 * before wait in line and join one at a time, a pace apart, filling the empty slots first and
 * then appended after the last.
 */
export class TimelineFiller {
  private slots: Slot[];
  private readonly waiting: Shot[] = [];
  private readonly seen = new Set<number>();
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly changed: (slots: readonly Slot[], appended: boolean) => void,
    slotCount: number = timelineSettings.slots,
  ) {
    this.slots = Array.from({ length: slotCount }, () => null);
  }

  get current(): readonly Slot[] {
    return this.slots;
  }

  /** Frames waiting to join. */
  get pending(): number {
    return this.waiting.length;
  }

  /** Takes an answer: its new frames, in time order, join the line. */
  receive(footmark: Pick<Footmark, "timesort" | "imagelist">): void {
    for (const ts of footmark.timesort) {
      const shot = footmark.imagelist[String(ts)];
      if (!shot || this.seen.has(ts)) continue;
      this.seen.add(ts);
      this.waiting.push(shot);
    }
    this.next();
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private next(): void {
    if (this.timer !== undefined || this.waiting.length === 0) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      const shot = this.waiting.shift();
      if (!shot) return;
      const placed = placeShot(this.slots, shot);
      this.slots = placed.slots;
      this.changed(this.slots, placed.appended);
      this.next();
    }, paceFor(this.waiting.length));
  }
}
