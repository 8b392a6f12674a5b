// How many requests of one kind may be under way at once, per key (a user, a client address) and
// in total: those beyond wait their turn in a queue of bounded length, and those beyond the queue
// are refused at once (the server answers 429 with Retry-After). No key can hold every slot, so
// others keep being served while one floods.

export interface ConcurrencyLimits {
  /** The most under way for one key. */
  readonly perKey: number;
  /** The most under way in all (Infinity: no total limit). */
  readonly total?: number;
  /** The most waiting for one key; beyond it, refused (0: refused as soon as no slot is free). */
  readonly waitingPerKey?: number;
}

/** A request refused by a ConcurrencyLimit: too many of the same key or in all are under way. */
export class TooManyRequests extends Error {
  override readonly name = 'TooManyRequests';
  constructor(readonly retryAfterS: number) {
    super('Too many requests are under way');
  }
}

interface Waiter {
  readonly key: string;
  readonly resolve: () => void;
}

export class ConcurrencyLimit {
  private readonly running = new Map<string, number>();
  private readonly waiting = new Map<string, number>();
  private readonly queue: Waiter[] = [];
  private total = 0;

  constructor(
    private readonly limits: ConcurrencyLimits,
    private readonly retryAfterS = 1,
  ) {}

  /** Runs the work once a slot of the key is free; throws TooManyRequests when it cannot wait. */
  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    if (this.free(key)) this.take(key);
    else {
      const waiting = this.waiting.get(key) ?? 0;
      if (waiting >= (this.limits.waitingPerKey ?? 0)) throw new TooManyRequests(this.retryAfterS);
      this.waiting.set(key, waiting + 1);
      // wake() takes the slot for it, so that no other request starts in between.
      await new Promise<void>((resolve) => this.queue.push({ key, resolve }));
      this.decrement(this.waiting, key);
    }
    try {
      return await work();
    } finally {
      this.total--;
      this.decrement(this.running, key);
      this.wake();
    }
  }

  /** How many are under way for the key. */
  underWay(key: string): number {
    return this.running.get(key) ?? 0;
  }

  private free(key: string): boolean {
    return (this.running.get(key) ?? 0) < this.limits.perKey && this.total < (this.limits.total ?? Infinity);
  }

  /** Starts the first waiter, in order, whose key has a free slot. */
  private wake(): void {
    const index = this.queue.findIndex((waiter) => this.free(waiter.key));
    if (index < 0) return;
    const [waiter] = this.queue.splice(index, 1);
    this.take(waiter!.key);
    waiter!.resolve();
  }

  private take(key: string): void {
    this.running.set(key, (this.running.get(key) ?? 0) + 1);
    this.total++;
  }

  private decrement(map: Map<string, number>, key: string): void {
    const n = (map.get(key) ?? 0) - 1;
    if (n <= 0) map.delete(key);
    else map.set(key, n);
  }
}
