/**
 * Everything the lead capture needs at run time, started once by server.ts before it listens:
 * the database (opened and migrated), the mailer, the outbox worker, the form rate limiter.
 */
import path from "node:path";
import type { SiteServices } from "../services";
import { type Database, openDatabase, pgliteDirIn } from "./db.server";
import type { ServerEnv } from "./env.server";
import { type Mailer, createMailer } from "./mailer.server";
import { OutboxWorker } from "./outbox-worker.server";
import { FormRateLimiter } from "./rate-limit.server";
import { createSiteServices } from "./services.server";

export interface LeadRuntime {
  db: Database;
  mailer: Mailer;
  worker: OutboxWorker | null;
  services: SiteServices;
  /** Stops the worker (after its batch in hand), then closes mail and database. */
  close(): Promise<void>;
}

export async function startLeadRuntime(env: ServerEnv, log: Pick<Console, "info" | "warn" | "error"> = console): Promise<LeadRuntime> {
  const started = Date.now();
  const db = await openDatabase({ databaseUrl: env.databaseUrl, pgliteDir: pgliteDirIn(env.dataDir), poolMax: env.databasePoolMax });
  log.info(`[db] ${db.driver === "pglite" ? `PGlite in ${pgliteDirIn(env.dataDir)}` : "PostgreSQL (DATABASE_URL)"} ready, migrations applied (${Date.now() - started} ms)`);

  const mailer = createMailer({ smtpUrl: env.smtpUrl, mailDir: path.join(env.dataDir, "mail"), from: env.mailFrom, to: env.agentNotifyEmail });
  const worker = env.outboxWorker
    ? new OutboxWorker(db, mailer, {
        pollMs: env.outboxPollMs,
        maxAttempts: env.outboxMaxAttempts,
        backoffBaseMs: env.outboxBackoffBaseMs,
        backoffMaxMs: env.outboxBackoffMaxMs,
        log,
      })
    : null;
  worker?.start();
  log.info(`[outbox] notifications to ${env.agentNotifyEmail} via ${mailer.description}${worker ? "" : " (worker off in this process)"}`);

  const rateLimiter = new FormRateLimiter(env.formRateLimitMax, env.formRateLimitWindowMs);
  const services = createSiteServices({ db, rateLimiter, onQueued: () => worker?.kick(), log });

  return {
    db,
    mailer,
    worker,
    services,
    async close() {
      rateLimiter.close();
      await worker?.stop();
      mailer.close();
      await db.close();
    },
  };
}
