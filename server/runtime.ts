/**
 * Everything the lead capture needs at run time, started once by server/index.ts before it listens:
 * the database (opened and migrated), the mailer, the background jobs (one JobRunner: the outbox,
 * the listings sync), the form rate limit.
 */
import path from "node:path";
import { type Database, openDatabase, pgliteDirIn } from "../platform/db/database";
import { nextMaintenance, vacuumEachTable } from "../platform/db/maintenance";
import { type Config, backupDirOf, siteUrlOf } from "../platform/config";
import { site } from "../app/content/site";
import { SITE_TIME_ZONE } from "../app/lib/dates";
import { BackupJob } from "../app/lib/server/backup/backup-job.server";
import { healthChecks } from "../app/lib/server/health/checks.server";
import { HealthJob, healthStates } from "../app/lib/server/health/health-job.server";
import { createInvite, hasAccounts, inviteLink } from "../app/lib/server/inbox/accounts.server";
import { type InboxContext, createInboxContext } from "../app/lib/server/inbox/context.server";
import { JobRunner } from "../platform/jobs/runner";
import { createDdfClient, ddfEndpointsOf } from "../app/lib/server/listings/ddf-client.server";
import { ddfSyncClockOf } from "../app/lib/server/listings/sync.server";
import type { ListingsFeed } from "../app/lib/server/listings/feed.server";
import { mediaFetcherOf } from "../app/lib/server/listings/media-fetch.server";
import { ListingsSyncJob } from "../app/lib/server/listings/sync-worker.server";
import { type Mailer, createMailer } from "../app/lib/server/mail/mailer.server";
import { OUTBOX_DELIVERY, OUTBOX_JOB, OutboxJob } from "../app/lib/server/mail/outbox-job.server";
import { PUSH_JOB, PushJob } from "../app/lib/server/push/push-job.server";
import { ReminderJob } from "../app/lib/server/inbox/reminders.server";
import { createPushSender } from "../app/lib/server/push/sender.server";
import { vapidKeys } from "../app/lib/server/push/vapid.server";
import { type RateLimiter, createRateLimiter } from "../platform/rate-limit";
import type { LeadsContext } from "../app/lib/server/leads/context.server";
import type { AlertsContext } from "../app/lib/server/alerts/context.server";
import { RetentionJob } from "../app/lib/server/inbox/retention.server";
import { ALERTS_POLL_MS, ALERT_JOB, AlertJob } from "../app/lib/server/alerts/alert-job.server";
import { SHOWINGS_JOB, ShowingsJob } from "../app/lib/server/showings/showings-job.server";
import { type AssessmentsContext, createAssessmentsContext, importClientOf } from "../app/lib/server/assessments/context.server";
import { AssessmentsImportJob, ROLL_REFRESH_MS } from "../app/lib/server/assessments/import-job.server";
import { HistoryJob } from "../app/lib/server/assessments/history-job.server";

export interface LeadRuntime {
  db: Database;
  mailer: Mailer;
  /** The background jobs of this process: the outbox (unless OUTBOX_WORKER=off) and the listings sync (when the feed is on and DDF_SYNC_WORKER is not off). */
  jobs: JobRunner;
  /** The public forms' store and the health check: the database and the outbox's wake-up. */
  leads: LeadsContext;
  /** The visitors' form quota (FORM_QUOTA: `formQuotaMax` per window per address). */
  formLimiter: RateLimiter;
  /** POSTs a client may make per window: FORM_QUOTA.max, or the test suites' own (TEST_ONLY). */
  formQuotaMax: number;
  /** The agent's inbox: its database handle, sign-in throttle and relying party. */
  inbox: InboxContext;
  /** The DDF® listings feed's local copy, when DDF_CLIENT_ID and DDF_CLIENT_SECRET are set; else null. */
  listings: ListingsFeed | null;
  /** Listing alerts (issue 32): present with the feed. */
  alerts: AlertsContext | null;
  /** The City's assessment roll (issue 42), when ASSESSMENTS=on; else null. */
  assessments: AssessmentsContext | null;
  /** Stops the jobs (JOBS_STOP_BUDGET_MS at most), then closes mail and database. */
  close(): Promise<void>;
}

/**
 * How long the jobs' runs in flight get at shutdown, once their signals are aborted: the outbox's
 * deliveries in hand (nodemailer's own timeouts go to 30 s), the sync's last write. Within the
 * cleanup time server/index.ts allows (SHUTDOWN_GRACE_MS + 20 s).
 */
const JOBS_STOP_BUDGET_MS = 10_000;

/**
 * The public forms' quota per client (an IPv4 address or an IPv6 /64), both forms together: a
 * constant, not configuration (decision 052; the quota itself: decision 012). A visitor sends one or two
 * forms; ten in ten minutes leaves a household behind one address room, and the 429 past it is
 * what a flood meets. The test suites and the bench set their own through TEST_ONLY.
 */
export const FORM_QUOTA = { max: 10, windowMs: 10 * 60_000 } as const;

export async function startLeadRuntime(config: Config, log: Pick<Console, "info" | "warn" | "error"> = console): Promise<LeadRuntime> {
  const started = Date.now();
  const db = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: pgliteDirIn(config.DATA_DIR),
    poolMax: config.DATABASE_POOL_MAX,
  });
  log.info(
    `[db] ${db.driver === "pglite" ? `PGlite in ${pgliteDirIn(config.DATA_DIR)}` : "PostgreSQL (DATABASE_URL)"} ready, migrations applied (${Date.now() - started} ms)`,
  );

  // What only the tests set (decision 052): the stand-ins, quicker clocks, another quota.
  const testOnly = config.TEST_ONLY ?? {};
  const formQuotaMax = testOnly.formRateLimitMax ?? FORM_QUOTA.max;
  const formLimiter = await createRateLimiter(db, { name: "form", max: formQuotaMax, windowMs: FORM_QUOTA.windowMs });
  const agentEmail = config.AGENT_NOTIFY_EMAIL ?? site.agent.email;
  const mailFrom = config.MAIL_FROM ?? `"${site.agent.name} website" <no-reply@${site.agent.email.split("@")[1] ?? "localhost"}>`;
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    mailDir: path.join(config.DATA_DIR, "mail"),
    from: mailFrom,
    to: agentEmail,
    siteUrl: siteUrlOf(config),
  });
  const jobs = new JobRunner({ db, log });
  const delivery = {
    pollMs: testOnly.outboxPollMs ?? OUTBOX_DELIVERY.pollMs,
    maxAttempts: OUTBOX_DELIVERY.maxAttempts,
    backoffBaseMs: testOnly.outboxBackoffBaseMs ?? OUTBOX_DELIVERY.backoffBaseMs,
    backoffMaxMs: testOnly.outboxBackoffMaxMs ?? OUTBOX_DELIVERY.backoffMaxMs,
    log,
  };
  const outbox = config.OUTBOX_WORKER
    ? new OutboxJob(db, mailer, { ...delivery, leaseMs: testOnly.outboxLeaseMs ?? OUTBOX_DELIVERY.leaseMs })
    : null;
  if (outbox) jobs.add(outbox);
  const keys = await vapidKeys(db, { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY });
  const localHosts = testOnly.pushLocalHosts ?? [];
  const pushSender = createPushSender({ keys, subject: config.VAPID_SUBJECT ?? `mailto:${agentEmail}`, localHosts });
  // The pushes ride with the mail outbox: a process that delivers one delivers the other.
  if (config.OUTBOX_WORKER) jobs.add(new PushJob(db, pushSender, delivery));
  jobs.start();
  log.info(`[outbox] notifications to ${agentEmail} via ${mailer.description}${outbox ? "" : " (worker off in this process)"}`);

  const stopMaintenance = maintainPglite(db, log);
  const leads: LeadsContext = {
    db,
    // An acknowledgement written to a file would reach nobody: only with SMTP.
    acknowledge: config.ACKNOWLEDGE_SUBMISSIONS && Boolean(config.SMTP_URL),
    notificationQueued: () => {
      jobs.wake(OUTBOX_JOB);
      jobs.wake(PUSH_JOB);
    },
  };
  const push = { publicKey: keys.publicKey, endpointRules: { localHosts }, queued: () => jobs.wake(PUSH_JOB) };
  // What protects the leads (decision 048): alerted by the health job, shown on the inbox's Account page.
  const health = healthChecks(db, {
    backupDir: backupDirOf(config),
    folders: [config.DATA_DIR, backupDirOf(config)],
    minFreeBytes: config.HEALTH_MIN_FREE_MB * 1_048_576,
    feed: Boolean(config.DDF_CLIENT_ID),
    assessments: config.ASSESSMENTS,
  });
  // Showings (issue 44): cancellations when a home leaves the market, and the agent's own calendar read every few minutes.
  const calendar = { rules: { localHosts: testOnly.calendarLocalHosts ?? [] }, saved: () => jobs.wake(SHOWINGS_JOB) };
  jobs.add(new ShowingsJob(db, { calendar: calendar.rules, feed: Boolean(config.DDF_CLIENT_ID), queued: leads.notificationQueued, log }));
  const inbox = await createInboxContext(db, {
    siteUrl: siteUrlOf(config),
    kickOutbox: () => jobs.wake(OUTBOX_JOB),
    push,
    replyMinutes: config.LEAD_REMINDER_MINUTES,
    health: () => healthStates(db, health),
    calendar,
  });
  if (config.OUTBOX_WORKER) {
    // The agent's reminders and morning summary are mail and pushes: made where they are delivered.
    const agentMail = { siteUrl: siteUrlOf(config), replyMinutes: config.LEAD_REMINDER_MINUTES, queued: leads.notificationQueued };
    jobs.add(new ReminderJob(db, { ...agentMail, morningSummary: config.MORNING_SUMMARY, log }));
    // The health alerts (decision 048) are mail and pushes too.
    if (config.HEALTH_ALERTS)
      jobs.add(new HealthJob(db, { checks: health, siteUrl: siteUrlOf(config), queued: leads.notificationQueued, log }));
  }
  // The daily backup, checked by restoring it (decision 048).
  if (config.BACKUP_WORKER) jobs.add(new BackupJob(db, { dir: backupDirOf(config), time: config.BACKUP_TIME, log }));
  // Spam is anonymised after SPAM_RETENTION_DAYS (decision 039), feed or no feed.
  jobs.add(new RetentionJob(db, { spamRetentionDays: config.SPAM_RETENTION_DAYS, log }));
  await announceFirstSetUpLink(inbox, log);
  const listings: ListingsFeed | null = config.DDF_CLIENT_ID
    ? { db, memberKey: config.DDF_MEMBER_KEY ?? null, media: mediaFetcherOf(config) }
    : null;
  const alerts: AlertsContext | null = listings ? { db, siteUrl: siteUrlOf(config), queued: leads.notificationQueued } : null;
  // Listing alerts (decision 039): matched and queued after each sync that changed listings, and every ALERTS_POLL_MS (the 7:00 mails).
  if (alerts) jobs.add(new AlertJob(alerts, { intervalMs: testOnly.alertsPollMs ?? ALERTS_POLL_MS, log }));
  const listingsSync = listingsSyncJob(config, db, log, () => {
    jobs.wake(ALERT_JOB);
    jobs.wake(SHOWINGS_JOB);
  });
  if (listingsSync) jobs.add(listingsSync);
  const assessments = assessmentsOf(config, db, log);
  if (assessments && config.ASSESSMENTS_WORKER) {
    jobs.add(
      new AssessmentsImportJob(db, importClientOf({ baseUrl: config.ASSESSMENTS_URL, appToken: config.ASSESSMENTS_APP_TOKEN }), {
        refreshMs: ROLL_REFRESH_MS,
        log,
      }),
    );
    // The listings' histories before their first visitor (decision 053's second amendment): only with the feed.
    if (listings) jobs.add(new HistoryJob(assessments));
  }

  return {
    db,
    mailer,
    jobs,
    leads,
    formLimiter,
    formQuotaMax,
    inbox,
    listings,
    alerts,
    assessments,
    async close() {
      stopMaintenance();
      // Before the database closes: the sync abandons its feed request and lets go of its lease,
      // the outbox finishes the deliveries in hand; a run that hangs is left behind after the budget.
      await jobs.stop(JOBS_STOP_BUDGET_MS);
      mailer.close();
      pushSender.close();
      await db.close();
    },
  };
}

/**
 * The DDF® feed's sync job, when its credentials are set. Its first run starts a moment after the
 * runner starts it (the job asks for a start delay), so start-up and the first visitors never
 * wait on CREA.
 */
function listingsSyncJob(
  config: Config,
  db: Database,
  log: Pick<Console, "info" | "warn" | "error">,
  onChanged: () => void,
): ListingsSyncJob | null {
  if (!config.DDF_CLIENT_ID || !config.DDF_CLIENT_SECRET) return null;
  const client = createDdfClient({
    ...ddfEndpointsOf(config.TEST_ONLY),
    clientId: config.DDF_CLIENT_ID,
    clientSecret: config.DDF_CLIENT_SECRET,
  });
  const clock = ddfSyncClockOf(config.TEST_ONLY);
  const job = config.DDF_SYNC_WORKER ? new ListingsSyncJob(db, client, { ...clock, onChanged, log }) : null;
  const every = `every ${durationText(clock.intervalMs)}`;
  const own = config.DDF_MEMBER_KEY ? ", the agent's own listings marked by DDF_MEMBER_KEY" : "";
  log.info(`[listings] DDF feed on, from ${client.origin}${job ? `, synced ${every}` : " (sync worker off in this process)"}${own}`);
  return job;
}

/** The assessment roll's context, with ASSESSMENTS=on (off: nothing of it runs or shows). */
function assessmentsOf(config: Config, db: Database, log: Pick<Console, "info" | "warn">): AssessmentsContext | null {
  if (!config.ASSESSMENTS) return null;
  const origin = new URL(config.ASSESSMENTS_URL).origin;
  log.info(
    `[assessments] the City's assessment roll on, from ${origin}${config.ASSESSMENTS_WORKER ? `, loaded every ${durationText(ROLL_REFRESH_MS)}` : " (import worker off in this process)"}`,
  );
  return createAssessmentsContext(db, { baseUrl: config.ASSESSMENTS_URL, appToken: config.ASSESSMENTS_APP_TOKEN }, log);
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

/** The embedded database's nightly upkeep (platform/db/maintenance.ts says why at night, table by table). */
function maintainPglite(db: Database, log: Pick<Console, "warn">): () => void {
  if (db.driver !== "pglite") return () => {};
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(
      () => {
        vacuumEachTable(db)
          .catch((error: unknown) => log.warn(`[db] vacuum failed: ${(error as Error).message}`))
          .finally(schedule);
      },
      nextMaintenance(new Date(), SITE_TIME_ZONE).getTime() - Date.now(),
    ).unref();
  };
  schedule();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
