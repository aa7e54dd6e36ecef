/**
 * Fixed-window counts per key (an address, from addressKey()) in this process's memory: for work
 * that costs this process's CPU, such as drawing share cards, where a count shared through the
 * database (server/src/lib/rate-limit.ts) would cost a write per request and protect nothing more.
 * At most `maxKeys` keys are remembered; past that, the oldest window is forgotten first.
 */
export class AddressBudget {
  private windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private max: number,
    private windowMs: number,
    private maxKeys = 10_000,
  ) {}

  /** Counts one event for the key: null when allowed, else the seconds until its window ends. */
  take(key: string, now: number): number | null {
    let w = this.windows.get(key);
    if (w && w.resetAt <= now) {
      this.windows.delete(key);
      w = undefined;
    }
    if (!w) {
      if (this.windows.size >= this.maxKeys) this.forgetExpired(now);
      w = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, w);
    }
    if (w.count >= this.max) return Math.max(1, Math.ceil((w.resetAt - now) / 1000));
    w.count += 1;
    return null;
  }

  get size() {
    return this.windows.size;
  }

  private forgetExpired(now: number) {
    for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key);
    // Still full: the oldest tenth go (insertion order), so memory stays bounded and the scan
    // above is not repeated for every new key.
    for (const key of this.windows.keys()) {
      if (this.windows.size < this.maxKeys * 0.9) break;
      this.windows.delete(key);
    }
  }
}
