/**
 * The one backoff-with-jitter of the background jobs: the outbox's per-notification retries, the
 * listings sync's failed runs and the runner's pause after a run that threw all wait this long.
 * Pure and free of imports, so a script (`npm run listings`) can use it without the server.
 */

/**
 * The delay before the try that follows failure number `failures` (1-based): base x 2^(failures-1),
 * capped at `maxMs`, then +-20 % so that many things failing together (notifications after an SMTP
 * outage, servers that lost the feed at once) do not all retry in the same instant.
 */
export function backoffDelay(failures: number, baseMs: number, maxMs: number, random: () => number = Math.random): number {
  const exponential = Math.min(maxMs, baseMs * 2 ** Math.max(0, failures - 1));
  return Math.round(exponential * (0.8 + 0.4 * random()));
}
