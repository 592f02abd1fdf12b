/**
 * Per-client form submission limit: at most `max` submissions per `windowMs` per IP address
 * (fixed window, in memory; each server process counts its own).
 */
export interface RateDecision {
  allowed: boolean;
  /** Seconds until the client may submit again (for Retry-After). */
  retryAfterSeconds: number;
}

export class FormRateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    readonly max: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {
    // Forget finished windows so the map does not grow with every address ever seen.
    this.sweeper = setInterval(() => this.sweep(), Math.min(windowMs, 60_000));
    this.sweeper.unref();
  }

  hit(key: string): RateDecision {
    const now = this.now();
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, w);
    }
    w.count += 1;
    const retryAfterSeconds = Math.max(1, Math.ceil((w.resetAt - now) / 1000));
    return { allowed: w.count <= this.max, retryAfterSeconds };
  }

  sweep(): void {
    const now = this.now();
    for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key);
  }

  close(): void {
    clearInterval(this.sweeper);
  }
}
