/**
 * Answers to public reads, kept for a few seconds and dropped by any write (docs/decisions/010).
 *
 * A read stores its answer only if no write finished while it ran: `since` is the generation the
 * read started in, and a write moves the generation on. So an answer read before a write commits
 * never outlives that write's invalidation.
 */
export class ReadCache<V> {
  readonly #entries = new Map<string, { value: V; expires: number; weight: number }>();
  #generation = 0;
  #weight = 0;

  /**
   * `weigh`, when given, says what an entry costs (say, the rows it holds): the entries' weights
   * then stay within `maxWeight` too, the oldest leaving first; an entry heavier than that alone is
   * not kept.
   */
  constructor(
    readonly ttlMs: number,
    readonly maxEntries: number,
    readonly now: () => number = Date.now,
    readonly weigh: (value: V) => number = () => 1,
    readonly maxWeight: number = Number.POSITIVE_INFINITY,
  ) {}

  /** The generation a read starts in; pass it to `set`. */
  get generation(): number {
    return this.#generation;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The kept entries' weights together. */
  get weight(): number {
    return this.#weight;
  }

  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= this.now()) {
      this.#remove(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: V, since: number): void {
    if (since !== this.#generation) return;
    this.#remove(key);
    const weight = this.weigh(value);
    if (weight > this.maxWeight) return;
    // The oldest entries go first (a Map keeps insertion order).
    for (const oldest of this.#entries.keys()) {
      if (this.#entries.size < this.maxEntries && this.#weight + weight <= this.maxWeight) break;
      this.#remove(oldest);
    }
    this.#entries.set(key, { value, expires: this.now() + this.ttlMs, weight });
    this.#weight += weight;
  }

  /** Drops one entry (the generation stays: other entries are still good). */
  delete(key: string): void {
    this.#remove(key);
  }

  invalidate(): void {
    this.#generation += 1;
    this.#entries.clear();
    this.#weight = 0;
  }

  #remove(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#weight -= entry.weight;
  }
}
