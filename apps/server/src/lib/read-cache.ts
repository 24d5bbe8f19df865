/**
 * Answers to public reads, kept for a few seconds and dropped by any write (docs/decisions/010).
 *
 * A read stores its answer only if no write finished while it ran: `since` is the generation the
 * read started in, and a write moves the generation on. So an answer read before a write commits
 * never outlives that write's invalidation.
 */
export class ReadCache<V> {
  readonly #entries = new Map<string, { value: V; expires: number }>();
  #generation = 0;

  constructor(
    readonly ttlMs: number,
    readonly maxEntries: number,
    readonly now: () => number = Date.now,
  ) {}

  /** The generation a read starts in; pass it to `set`. */
  get generation(): number {
    return this.#generation;
  }

  get size(): number {
    return this.#entries.size;
  }

  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= this.now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: V, since: number): void {
    if (since !== this.#generation) return;
    this.#entries.delete(key);
    if (this.#entries.size >= this.maxEntries) {
      // The oldest entry goes first (a Map keeps insertion order).
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    this.#entries.set(key, { value, expires: this.now() + this.ttlMs });
  }

  invalidate(): void {
    this.#generation += 1;
    this.#entries.clear();
  }
}
