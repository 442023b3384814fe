import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";

/**
 * Lets every callback waiting on the event loop run (requests, answers of the SQLite readers)
 * before the caller goes on. A long job on the server's one thread awaits it between slices of
 * its work; an `await` alone only runs the microtasks, so the job would keep the thread.
 */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Holders of something one at a time, in the order they asked. */
export class Mutex {
  private tail: Promise<void> = Promise.resolve();
  /** Holders and waiters. */
  queued = 0;
  /** Resolves, when it is the caller's turn, to the function that ends it. */
  lock(): Promise<() => void> {
    let release!: () => void;
    this.queued++;
    const held = new Promise<void>((resolve) => (release = () => (this.queued--, resolve())));
    const turn = this.tail.then(() => release);
    this.tail = this.tail.then(() => held);
    return turn;
  }
}

/** Items of a long list written as one piece of an answer (a thousand refused rows: ~75 KB of JSON). */
const JSON_SLICE = 1000;

/**
 * `answer` as a stream of JSON text whose long `list` (20,000 refused rows of a whitelist import,
 * written twice where the validator service repeats its `content` as the envelope's `data`: ~3 MB)
 * is written a slice at a time, a turn of the event loop apart. As one string, its writing and
 * sending held the server's thread for as long as the rest of the request.
 */
export function jsonStream(answer: unknown, list: readonly unknown[]): Readable {
  const marker = randomUUID();
  const around = JSON.stringify(answer, (_key, value: unknown) => (value === list ? marker : value)).split(`"${marker}"`);
  // Async, with a turn between slices: a socket takes megabytes at once, so a stream of a plain
  // generator would be read to its end in one go.
  async function* pieces() {
    for (const [at, text] of around.entries()) {
      if (at > 0) {
        yield "[";
        for (let i = 0; i < list.length; i += JSON_SLICE) {
          yield (i > 0 ? "," : "") + JSON.stringify(list.slice(i, i + JSON_SLICE)).slice(1, -1);
          await nextTurn();
        }
        yield "]";
      }
      yield text;
    }
  }
  return Readable.from(pieces(), { objectMode: false });
}
