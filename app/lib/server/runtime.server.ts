/**
 * Everything the lead capture needs at run time, started once by server.ts before it listens:
 * the database (opened and migrated), the mailer, the outbox worker, the form rate limit.
 */
import { sql } from "drizzle-orm";
import path from "node:path";
import type { SiteServices } from "../services";
import { type Database, openDatabase, pgliteDirIn } from "./db.server";
import { type Config, siteUrlOf } from "./config.server";
import { createInvite, hasAccounts, inviteLink } from "./inbox/accounts.server";
import { type InboxContext, createInboxContext } from "./inbox/context.server";
import { createDdfClient } from "./listings/ddf-client.server";
import type { ListingsFeed } from "./listings/feed.server";
import { mediaFetcherOf } from "./listings/media-fetch.server";
import { ListingsSyncWorker } from "./listings/sync-worker.server";
import { type Mailer, createMailer } from "./mailer.server";
import { OutboxWorker } from "./outbox-worker.server";
import { type RateLimiter, createRateLimiter } from "./rate-limit.server";
import { createSiteServices } from "./services.server";

export interface LeadRuntime {
  db: Database;
  mailer: Mailer;
  worker: OutboxWorker | null;
  services: SiteServices;
  /** The visitors' form quota (FORM_RATE_LIMIT_MAX per FORM_RATE_LIMIT_WINDOW_MS per address). */
  formLimiter: RateLimiter;
  /** The agent's inbox: its database handle, sign-in throttle and relying party. */
  inbox: InboxContext;
  /** The DDF® listings feed's local copy, when DDF_CLIENT_ID and DDF_CLIENT_SECRET are set; else null. */
  listings: ListingsFeed | null;
  /** Keeps that copy current (null when the feed is off, or DDF_SYNC_WORKER=off in this process). */
  listingsWorker: ListingsSyncWorker | null;
  /** Stops the worker (after its batch in hand), then closes mail and database. */
  close(): Promise<void>;
}

export async function startLeadRuntime(config: Config, log: Pick<Console, "info" | "warn" | "error"> = console): Promise<LeadRuntime> {
  const started = Date.now();
  const db = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: pgliteDirIn(config.DATA_DIR), poolMax: config.DATABASE_POOL_MAX });
  log.info(`[db] ${db.driver === "pglite" ? `PGlite in ${pgliteDirIn(config.DATA_DIR)}` : "PostgreSQL (DATABASE_URL)"} ready, migrations applied (${Date.now() - started} ms)`);

  const formLimiter = await createRateLimiter(db, { name: "form", max: config.FORM_RATE_LIMIT_MAX, windowMs: config.FORM_RATE_LIMIT_WINDOW_MS });
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, mailDir: path.join(config.DATA_DIR, "mail"), from: config.MAIL_FROM, to: config.AGENT_NOTIFY_EMAIL });
  const worker = config.OUTBOX_WORKER
    ? new OutboxWorker(db, mailer, {
        pollMs: config.OUTBOX_POLL_MS,
        maxAttempts: config.OUTBOX_MAX_ATTEMPTS,
        backoffBaseMs: config.OUTBOX_BACKOFF_BASE_MS,
        backoffMaxMs: config.OUTBOX_BACKOFF_MAX_MS,
        leaseMs: config.OUTBOX_LEASE_MS,
        log,
      })
    : null;
  worker?.start();
  log.info(`[outbox] notifications to ${config.AGENT_NOTIFY_EMAIL} via ${mailer.description}${worker ? "" : " (worker off in this process)"}`);

  const stopMaintenance = maintainPglite(db, log);
  const services = createSiteServices({ db, onQueued: () => worker?.kick(), log });
  const inbox = await createInboxContext(db, siteUrlOf(config), () => worker?.kick());
  await announceFirstSetUpLink(inbox, log);
  const listings: ListingsFeed | null = config.DDF_CLIENT_ID ? { db, memberKey: config.DDF_MEMBER_KEY ?? null, media: mediaFetcherOf(config) } : null;
  const listingsWorker = startListingsSync(config, db, log);

  return {
    db,
    mailer,
    worker,
    services,
    formLimiter,
    inbox,
    listings,
    listingsWorker,
    async close() {
      stopMaintenance();
      // Before the database closes: the run in hand stops at its next page and lets go of the lease.
      await listingsWorker?.stop();
      await worker?.stop();
      mailer.close();
      await db.close();
    },
  };
}

/**
 * The DDF® feed's sync, when its credentials are set. Its first run starts a moment after this
 * returns (the worker waits before it), so start-up and the first visitors never wait on CREA.
 */
function startListingsSync(config: Config, db: Database, log: Pick<Console, "info" | "warn" | "error">): ListingsSyncWorker | null {
  if (!config.DDF_CLIENT_ID || !config.DDF_CLIENT_SECRET) return null;
  const client = createDdfClient({ tokenUrl: config.DDF_TOKEN_URL, apiUrl: config.DDF_API_URL, clientId: config.DDF_CLIENT_ID, clientSecret: config.DDF_CLIENT_SECRET });
  const worker = config.DDF_SYNC_WORKER
    ? new ListingsSyncWorker(db, client, { intervalMs: config.DDF_SYNC_INTERVAL_MS, fullCheckMs: config.DDF_FULL_CHECK_MS, backoffMaxMs: config.DDF_BACKOFF_MAX_MS, log })
    : null;
  worker?.start();
  const every = `every ${durationText(config.DDF_SYNC_INTERVAL_MS)}`;
  const own = config.DDF_MEMBER_KEY ? ", the agent's own listings marked by DDF_MEMBER_KEY" : "";
  log.info(`[listings] DDF feed on, from ${client.origin}${worker ? `, synced ${every}` : " (sync worker off in this process)"}${own}`);
  return worker;
}

/** A duration in the unit that reads right: "10 s", "90 s", "15 min", "2 h", "1 h 30 min". */
export function durationText(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 120 || seconds % 60 !== 0) return `${seconds} s`;
  const minutes = seconds / 60;
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
}

/**
 * While no inbox account exists, each start prints one line with a one-time set-up link (valid
 * 24 hours): with the embedded database, `npm start` and this link are the whole set-up.
 */
async function announceFirstSetUpLink(inbox: InboxContext, log: Pick<Console, "info">): Promise<void> {
  if (await hasAccounts(inbox.db)) return;
  const { token } = await createInvite(inbox.db);
  log.info(`[inbox] No account yet. Create the first one (link valid 24 hours, works once): ${inviteLink(inbox.siteUrl, token)}`);
}

/**
 * PGlite runs no autovacuum: every upsert of a person leaves a dead row version behind, and the
 * planner's statistics go stale. The server vacuums and analyses the embedded database once a day
 * (in the background, first a minute after start-up). PostgreSQL servers do this themselves.
 */
function maintainPglite(db: Database, log: Pick<Console, "warn">): () => void {
  if (db.driver !== "pglite") return () => {};
  const vacuum = () => void db.rows(sql`vacuum analyze`).catch((error: unknown) => log.warn(`[db] vacuum failed: ${(error as Error).message}`));
  const first = setTimeout(vacuum, 60_000).unref();
  const daily = setInterval(vacuum, 24 * 3_600_000).unref();
  return () => {
    clearTimeout(first);
    clearInterval(daily);
  };
}
