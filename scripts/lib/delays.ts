// Delivery delays of the room benches counted by whole ms (scripts/bench-rooms-viewers.ts): millions
// of deliveries in a fixed array each worker fills and the bench adds up.

/** Slots of whole ms; the last holds every delay that long or longer. */
export const DELAY_SLOTS = 120_001;

/** The workers' counts added up. */
export function mergeDelays(counts: Uint32Array[]): Float64Array {
  const all = new Float64Array(DELAY_SLOTS);
  for (const c of counts) for (let ms = 0; ms < DELAY_SLOTS; ms++) all[ms] += c[ms];
  return all;
}

/** The delay in ms below which a share `q` of the deliveries fall (1: the longest); NaN when none. */
export function delayQuantile(counts: Float64Array, q: number): number {
  let total = 0;
  for (const n of counts) total += n;
  if (!total) return NaN;
  const rank = Math.min(total - 1, Math.floor(q * total));
  let below = 0;
  for (let ms = 0; ms < counts.length; ms++) {
    below += counts[ms];
    if (below > rank) return ms;
  }
  return NaN;
}
