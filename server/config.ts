/**
 * The one place the environment is read: every variable the server and the scripts use, with
 * its default, checked by one zod schema. A bad value stops start-up with one line naming the
 * variable (`PORT must be a whole number from 1 to 65535, got "abc"`). The README's
 * configuration table lists exactly these variables (config.test.ts holds them together).
 *
 * Nothing else reads `process.env`, except the build-time public configuration
 * (public-config.ts, which goes through this schema too) and the test suites' own settings.
 * An empty value counts as unset, so `SMTP_URL=` means "no SMTP", as a shell user expects.
 */
import path from "node:path";
import { z } from "zod";
import { site } from "../app/content/site";

/** A whole number from `min` to `max`; without a fallback, optional. The variable's name is added by `readConfig`. */
export function whole(fallback: number, min?: number, max?: number): z.ZodDefault<z.ZodCoercedNumber>;
export function whole(fallback: undefined, min?: number, max?: number): z.ZodOptional<z.ZodCoercedNumber>;
export function whole(fallback: number | undefined, min = 1, max = Number.MAX_SAFE_INTEGER) {
  const error = max === Number.MAX_SAFE_INTEGER ? `must be a whole number of at least ${min}` : `must be a whole number from ${min} to ${max}`;
  const n = z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error });
  return fallback === undefined ? n.optional() : n.default(fallback);
}
export const port = (fallback: number) => whole(fallback, 1, 65_535);
export const optionalPort = () => whole(undefined, 1, 65_535);
export const onOff = (fallback: "on" | "off") =>
  z
    .string()
    .default(fallback)
    .transform((v) => v.toLowerCase())
    .pipe(z.enum(["on", "off"], { error: 'must be "on" or "off"' }))
    .transform((v) => v === "on");
/** A URL with one of the given schemes. */
const url = (...schemes: string[]) =>
  z.string().refine(
    (value) => {
      try {
        return schemes.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { error: `must be a URL starting with ${schemes.map((s) => `${s}//`).join(" or ")}` },
  );
export const flag = z.string().optional().transform(Boolean);
/** `https://host[:port]`, at most with a trailing slash: nothing a page could not be served under. */
function isOrigin(value: string): boolean {
  try {
    const u = new URL(value);
    return !u.username && !u.password && u.pathname === "/" && !u.search && !u.hash && !/[?#]/.test(value);
  } catch {
    return false;
  }
}

/** One entry of DDF_MEDIA_HOSTS: a host as a URL writes it (a name, `1.2.3.4` or `[::1]`), with the port when one is written. */
export interface MediaHost {
  hostname: string;
  port: number | undefined;
}
/** `host` or `host:port`, for IPv6 `[addr]:port`; no scheme, path or credentials. */
const MEDIA_HOST = /^(\[[0-9a-f:.]+\]|[^\s/?#@\\:[\]]+)(?::([0-9]{1,5}))?$/i;
function mediaHostOf(entry: string): MediaHost | null {
  const match = MEDIA_HOST.exec(entry);
  if (!match) return null;
  const port = match[2] === undefined ? undefined : Number(match[2]);
  if (port !== undefined && (port < 1 || port > 65_535)) return null;
  try {
    // As the photo URLs will be read: lower case, IPv4 in dotted form, IPv6 compressed and bracketed.
    return { hostname: new URL(`https://${match[1]}/`).hostname, port };
  } catch {
    return null;
  }
}
/** Comma-separated hosts (`host` or `host:port`), at least one. */
const mediaHosts = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value, ctx) => {
      const hosts = value.split(",").map((s) => s.trim()).filter(Boolean).map(mediaHostOf);
      if (hosts.length === 0 || hosts.includes(null)) {
        ctx.addIssue({ code: "custom", message: "must list host names, or host:port, separated by commas" });
        return z.NEVER;
      }
      return hosts as MediaHost[];
    });

/** A base64url string of `min` to `max` characters (a key). */
const base64url = (min: number, max: number) => z.string().regex(new RegExp(`^[A-Za-z0-9_-]{${min},${max}}$`), `must be a base64url key of ${min} to ${max} characters`);
/** Comma-separated `address:port` entries (the port required: an entry names one server); none by default. */
const localHosts = () =>
  z
    .string()
    .default("")
    .transform((value, ctx) => {
      const hosts = value.split(",").map((s) => s.trim()).filter(Boolean).map(mediaHostOf);
      if (hosts.some((h) => h === null || h.port === undefined)) {
        ctx.addIssue({ code: "custom", message: "must list address:port entries separated by commas" });
        return z.NEVER;
      }
      return hosts as MediaHost[];
    });

export const configSchema = z.object({
  // The server.
  NODE_ENV: z.string().default("development"),
  PORT: port(3000),
  HOST: z.string().default("0.0.0.0"),
  BUILD_DIR: z.string().default("build"),
  TRUST_PROXY: z.string().default("loopback"),
  SHUTDOWN_GRACE_MS: whole(10_000, 0),
  DEBUG_STARTUP: flag,
  // The site's address is read at start-up, not baked in (decision 032). It is written into every
  // page, so it must be an origin: no path, query, fragment or credentials.
  SITE_URL: url("http:", "https:")
    .refine(isOrigin, { error: "must be the site's origin alone (scheme, host and optional port, such as https://www.example.com), with no path, query or credentials" })
    .optional(),
  // Public configuration, baked into the build (see docs/decisions).
  LISTINGS_WIDGET_SCRIPT_URL: url("http:", "https:").default(site.listings.scriptUrl),
  FORM_EMBED_SCRIPT_URL: url("http:", "https:").optional(),
  FORM_EMBED_ORIGIN: url("http:", "https:").optional(),
  // Storage.
  DATA_DIR: z.string().default("data").transform((dir) => path.resolve(dir)),
  /** Default depends on the database: 64 MB for PGlite's files, 1 MB for the mail folder alone. */
  DATA_DIR_MIN_FREE_MB: whole(undefined, 0),
  DATABASE_URL: url("postgres:", "postgresql:").optional(),
  // Backups (issue 41, decision 048). Unset: DATA_DIR/backups; meant to be a mounted remote or synced folder.
  BACKUP_DIR: z
    .string()
    .optional()
    .transform((dir) => (dir ? path.resolve(dir) : undefined)),
  /** The Edmonton time of the daily backup, "HH:MM" (24-hour). */
  BACKUP_TIME: z.string().default("03:00").pipe(z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'must be a 24-hour time such as "03:00"')),
  BACKUP_WORKER: onOff("on"),
  /** The health alerts to the agent (push and e-mail); the Account page's panel shows the states either way. */
  HEALTH_ALERTS: onOff("on"),
  /** Free space under this on DATA_DIR's or BACKUP_DIR's disk alerts the agent (the health alerts). */
  HEALTH_MIN_FREE_MB: whole(1024, 0),
  DATABASE_POOL_MAX: whole(10),
  // Notifications.
  SMTP_URL: url("smtp:", "smtps:").optional(),
  AGENT_NOTIFY_EMAIL: z.email({ error: "must be an e-mail address" }).default(site.agent.email),
  MAIL_FROM: z.string().default(`"${site.agent.name} website" <no-reply@${site.agent.email.split("@")[1] ?? "localhost"}>`),
  OUTBOX_WORKER: onOff("on"),
  OUTBOX_POLL_MS: whole(5_000),
  OUTBOX_MAX_ATTEMPTS: whole(12),
  OUTBOX_BACKOFF_BASE_MS: whole(10_000),
  OUTBOX_BACKOFF_MAX_MS: whole(3_600_000),
  OUTBOX_LEASE_MS: whole(120_000),
  // Speed to lead (decision 038).
  ACKNOWLEDGE_SUBMISSIONS: onOff("on"),
  LEAD_REMINDER_MINUTES: whole(60, 1, 24 * 60),
  MORNING_SUMMARY: onOff("off"),
  // Listing alerts and privacy (issue 32, decision 039).
  ALERTS_POLL_MS: whole(60_000, 1_000),
  SPAM_RETENTION_DAYS: whole(30, 0, 3650),
  /** The VAPID key pair (base64url, as web-push prints them); unset, one is made on first start and kept in the database. */
  VAPID_PUBLIC_KEY: base64url(87, 88).optional(),
  VAPID_PRIVATE_KEY: base64url(43, 44).optional(),
  /** How push services may reach the site's operator (VAPID `sub`); default mailto: AGENT_NOTIFY_EMAIL. */
  VAPID_SUBJECT: url("mailto:", "https:").optional(),
  /**
   * Push services on this machine or its network that subscriptions may name (a test's stand-in),
   * `address:port` entries, reached over http too. Unset: only https endpoints at public addresses.
   */
  PUSH_LOCAL_HOSTS: localHosts(),
  // The forms.
  FORM_RATE_LIMIT_MAX: whole(10),
  FORM_RATE_LIMIT_WINDOW_MS: whole(600_000),
  FORM_BODY_LIMIT_BYTES: whole(32 * 1024),
  // The REALTOR.ca DDF® listings feed (off unless both credentials are set).
  DDF_CLIENT_ID: z.string().optional(),
  DDF_CLIENT_SECRET: z.string().optional(),
  DDF_TOKEN_URL: url("http:", "https:").default("https://identity.crea.ca/connect/token"),
  DDF_API_URL: url("http:", "https:").default("https://ddfapi.realtor.ca/odata/v1"),
  DDF_SYNC_WORKER: onOff("on"),
  DDF_SYNC_INTERVAL_MS: whole(900_000, 10_000),
  DDF_FULL_CHECK_MS: whole(6 * 3_600_000, 60_000, 24 * 3_600_000),
  DDF_BACKOFF_MAX_MS: whole(3_600_000, 1_000),
  /**
   * The agent's own CREA member key (the feed's MemberKey, as ListAgentKey names it): listings it
   * lists or co-lists are marked "Listed by" the agent and shown first. Unset: no listing is marked.
   */
  DDF_MEMBER_KEY: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,40}$/, "must be the agent's CREA member key (letters and digits)")
    .optional(),
  /**
   * The only hosts listing photos are fetched from (photos.server.ts, media-fetch.server.ts): CREA's
   * media host. A host name is connected to only at a public address; an IP address written with
   * a port (`127.0.0.1:3199`, a local stand-in) is the operator's explicit choice and used as is.
   */
  DDF_MEDIA_HOSTS: mediaHosts("ddfcdn.realtor.ca"),
  /** `on`: photos may also come over plain HTTP (a local stand-in only); off, HTTPS only. */
  DDF_MEDIA_HTTP: onOff("off"),
  // The City of Edmonton's property assessment roll (issue 42; off unless ASSESSMENTS=on).
  ASSESSMENTS: onOff("off"),
  /** The City's open data portal (Socrata); the tests point it at a local stand-in. */
  ASSESSMENTS_URL: url("http:", "https:").default("https://data.edmonton.ca"),
  /** Sent as X-App-Token: the portal throttles anonymous clients sooner. */
  ASSESSMENTS_APP_TOKEN: z.string().trim().min(1).optional(),
  /** `off`: this process never imports (another server sharing the database does). */
  ASSESSMENTS_WORKER: onOff("on"),
  /** How often the roll is loaded again in full (the City refreshes it weekly). */
  ASSESSMENTS_REFRESH_MS: whole(7 * 24 * 3_600_000, 60_000),
})
  .refine((c) => Boolean(c.DDF_CLIENT_ID) === Boolean(c.DDF_CLIENT_SECRET), {
    path: ["DDF_CLIENT_SECRET"],
    error: "and DDF_CLIENT_ID must be set together (the feed's client id and secret)",
  })
  .refine((c) => Boolean(c.VAPID_PUBLIC_KEY) === Boolean(c.VAPID_PRIVATE_KEY), {
    path: ["VAPID_PRIVATE_KEY"],
    error: "and VAPID_PUBLIC_KEY must be set together (one key pair)",
  });

export type Config = z.infer<typeof configSchema>;

/** Variables whose values may hold a password. */
const SECRET = new Set(["DATABASE_URL", "SMTP_URL", "DDF_CLIENT_SECRET", "VAPID_PRIVATE_KEY", "ASSESSMENTS_APP_TOKEN"]);

/** A setting the server cannot start with; the message is the one line to print. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

/** Parses the environment; throws ConfigError naming the first bad variable and its value. */
export function readConfig(env: Record<string, string | undefined> = process.env): Config {
  return parseEnvironment(configSchema, env);
}

/**
 * The variables `schema` names, read from `env` (blank counts as unset) and checked: the values,
 * or a ConfigError naming the first bad variable and its value (never a secret's). The scripts'
 * own settings (scripts/script-config.ts) are read the same way.
 */
export function parseEnvironment<S extends z.ZodType<unknown, Record<string, unknown>> & { shape: Record<string, unknown> }>(schema: S, env: Record<string, string | undefined>): z.infer<S> {
  const known = Object.fromEntries(
    Object.keys(schema.shape).map((name) => {
      const value = env[name]?.trim();
      return [name, value === "" ? undefined : value];
    }),
  );
  const parsed = schema.safeParse(known);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const name = String(issue.path[0]);
  // Connection URLs carry passwords: never echoed.
  const shown = SECRET.has(name) ? "(value not shown)" : `got ${JSON.stringify(known[name] ?? "")}`;
  throw new ConfigError(`${name} ${issue.message}, ${shown}`);
}

/** The site's public address, an origin without a trailing slash: SITE_URL, or this machine on PORT. */
export function siteUrlOf(config: Config): string {
  return config.SITE_URL ? new URL(config.SITE_URL).origin : `http://localhost:${config.PORT}`;
}

/** Free space DATA_DIR must have at start-up, in bytes (see DATA_DIR_MIN_FREE_MB). */
export function dataDirMinFreeBytes(config: Config): number {
  return (config.DATA_DIR_MIN_FREE_MB ?? (config.DATABASE_URL ? 1 : 64)) * 1024 * 1024;
}

/** Where backups are written: BACKUP_DIR, else DATA_DIR/backups. */
export function backupDirOf(config: Config): string {
  return config.BACKUP_DIR ?? path.join(config.DATA_DIR, "backups");
}
