/**
 * Server configuration read from the environment, once, with the defaults documented in the
 * README. Everything here is optional: with nothing set, the site runs on an embedded database
 * under ./data and writes notification e-mail as .eml files.
 */
import path from "node:path";
import { site } from "~/content/site";

export interface ServerEnv {
  /** DATA_DIR: PGlite's folder (DATA_DIR/pglite) and the mail folder (DATA_DIR/mail). */
  dataDir: string;
  /** DATABASE_URL: a PostgreSQL server; when unset, the embedded PGlite database is used. */
  databaseUrl: string | undefined;
  /** DATABASE_POOL_MAX: connections per server process when DATABASE_URL is set. */
  databasePoolMax: number;
  /** SMTP_URL: e.g. smtps://user:pass@smtp.host:465; when unset, mail is written as .eml files. */
  smtpUrl: string | undefined;
  /** AGENT_NOTIFY_EMAIL: who receives the lead notifications. */
  agentNotifyEmail: string;
  /** MAIL_FROM: the From of notifications. */
  mailFrom: string;
  /** OUTBOX_POLL_MS: how often the worker looks for due notifications (it is also woken on each new one). */
  outboxPollMs: number;
  /** OUTBOX_MAX_ATTEMPTS: deliveries tried before a notification is marked failed. */
  outboxMaxAttempts: number;
  /** OUTBOX_BACKOFF_BASE_MS: first retry delay; doubled per attempt up to OUTBOX_BACKOFF_MAX_MS. */
  outboxBackoffBaseMs: number;
  outboxBackoffMaxMs: number;
  /** OUTBOX_WORKER: "off" leaves delivery to another process (tests, or a dedicated worker). */
  outboxWorker: boolean;
  /** FORM_RATE_LIMIT_MAX per FORM_RATE_LIMIT_WINDOW_MS: form submissions allowed per client IP. */
  formRateLimitMax: number;
  formRateLimitWindowMs: number;
  /** FORM_BODY_LIMIT_BYTES: largest form POST body accepted. */
  formBodyLimitBytes: number;
  /** TRUST_PROXY: Express's "trust proxy" setting (e.g. "loopback" or "1") when behind a proxy. */
  trustProxy: string | undefined;
}

function positiveInt(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value.trim() === "") return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer, got "${value}"`);
  return n;
}

export function readServerEnv(env: NodeJS.ProcessEnv = process.env): ServerEnv {
  const agentNotifyEmail = env.AGENT_NOTIFY_EMAIL?.trim() || site.agent.email;
  const domain = site.agent.email.split("@")[1] ?? "localhost";
  return {
    dataDir: path.resolve(env.DATA_DIR || "data"),
    databaseUrl: env.DATABASE_URL?.trim() || undefined,
    databasePoolMax: positiveInt(env.DATABASE_POOL_MAX, 10, "DATABASE_POOL_MAX"),
    smtpUrl: env.SMTP_URL?.trim() || undefined,
    agentNotifyEmail,
    mailFrom: env.MAIL_FROM?.trim() || `"${site.agent.name} website" <no-reply@${domain}>`,
    outboxPollMs: positiveInt(env.OUTBOX_POLL_MS, 5_000, "OUTBOX_POLL_MS"),
    outboxMaxAttempts: positiveInt(env.OUTBOX_MAX_ATTEMPTS, 12, "OUTBOX_MAX_ATTEMPTS"),
    outboxBackoffBaseMs: positiveInt(env.OUTBOX_BACKOFF_BASE_MS, 10_000, "OUTBOX_BACKOFF_BASE_MS"),
    outboxBackoffMaxMs: positiveInt(env.OUTBOX_BACKOFF_MAX_MS, 3_600_000, "OUTBOX_BACKOFF_MAX_MS"),
    outboxWorker: (env.OUTBOX_WORKER ?? "on").toLowerCase() !== "off",
    formRateLimitMax: positiveInt(env.FORM_RATE_LIMIT_MAX, 10, "FORM_RATE_LIMIT_MAX"),
    formRateLimitWindowMs: positiveInt(env.FORM_RATE_LIMIT_WINDOW_MS, 600_000, "FORM_RATE_LIMIT_WINDOW_MS"),
    formBodyLimitBytes: positiveInt(env.FORM_BODY_LIMIT_BYTES, 32 * 1024, "FORM_BODY_LIMIT_BYTES"),
    trustProxy: env.TRUST_PROXY?.trim() || undefined,
  };
}
