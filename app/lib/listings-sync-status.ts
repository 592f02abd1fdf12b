/**
 * The listings sync's state as the inbox shows it (browser-safe types: the Account page's
 * components read them; app/lib/server/listings/sync-status.server.ts fills them).
 */

export type SyncPhase = "full load" | "changes" | "removals" | "offices" | "open houses";

/** The `progress` column: the run in hand, or the last one once `finishedAt` is set. */
export interface SyncProgress {
  phase: SyncPhase | null;
  fetched: number;
  upserted: number;
  removed: number;
  startedAt: string;
  finishedAt?: string;
  durationMs?: number;
  ok?: boolean;
}

/** What the Account page shows of the feed's local copy. */
export interface ListingSyncStatus {
  /** Listings in the local copy (what the pages show). */
  stored: number;
  /** Never loaded yet: the first full load has not finished a page. */
  neverLoaded: boolean;
  lastSuccessAt: Date | null;
  lastStartedAt: Date | null;
  lastFinishedAt: Date | null;
  /** The run in hand (when `running`), else the last run's figures; null before the first run. */
  lastRun: SyncProgress | null;
  lastError: string | null;
  consecutiveFailures: number;
  nextRunAt: Date | null;
  /** A server holds the lease now. */
  running: boolean;
  lastFullCheckAt: Date | null;
}
