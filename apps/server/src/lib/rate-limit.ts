/**
 * A per-process sliding window: at most `max` events per `windowMs` for each key. Soft by design
 * (DESIGN.md §2): with several processes each keeps its own count.
 */
export function createRateLimiter(max: number, windowMs: number) {
  const hits = new Map<string, number[]>();
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [key, times] of hits) if (times.every((time) => now - time > windowMs)) hits.delete(key);
  }, windowMs);
  sweep.unref();
  return {
    /** Records an event; false when the key is over its limit (the event is not counted). */
    take(key: string): boolean {
      const now = Date.now();
      const recent = (hits.get(key) ?? []).filter((time) => now - time < windowMs);
      if (recent.length >= max) {
        hits.set(key, recent);
        return false;
      }
      recent.push(now);
      hits.set(key, recent);
      return true;
    },
    stop() {
      clearInterval(sweep);
    },
  };
}
