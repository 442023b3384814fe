import { ApiError } from "../plugins/envelope";

/**
 * A semaphore with a bounded wait line. Password hashing runs on libuv's thread pool, which
 * fs, zlib and uploads share: holding hashing to `limit` tasks keeps the rest of the pool
 * free, and refusing past `queue` waiting tasks turns a flood into quick 429s instead of a
 * line that grows (and a memory footprint that grows with it) for as long as the flood lasts.
 */
export class HashGate {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private limit: number,
    private queue: number,
  ) {}

  resize(limit: number, queue: number): void {
    this.limit = Math.max(1, limit);
    this.queue = Math.max(0, queue);
    while (this.active < this.limit && this.waiting.length) this.handOff();
  }

  get load(): { active: number; waiting: number } {
    return { active: this.active, waiting: this.waiting.length };
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active < this.limit) this.active++;
    else if (this.waiting.length < this.queue) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else throw new ApiError(429, "系统繁忙，请稍后再试", 429);
    try {
      return await task();
    } finally {
      this.active--;
      if (this.waiting.length) this.handOff();
    }
  }

  private handOff(): void {
    this.active++;
    this.waiting.shift()!();
  }
}
