/**
 * A small in-memory TTL map (used for transactionHistory answers, cached 600 s per user: spec §7, §9).
 * Per process; a production deployment with several BFF instances would use a shared cache instead.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();

  /**
   * @param ttlMs       time to live of an entry, ms
   * @param maxEntries  the oldest entries are dropped beyond this many
   * @param now         clock, ms since the epoch (injectable for tests)
   */
  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** The live value for `key`, or undefined (an expired entry is removed). */
  get(key: string): V | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return hit.value;
  }

  /** Stores `value` for ttlMs. */
  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: this.now() + this.ttlMs });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }

  /** Drops every entry whose key starts with `prefix` (e.g. one user's entries). */
  deletePrefix(prefix: string): void {
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}
