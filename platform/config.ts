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

/** A whole number from `min` to `max`; without a fallback, optional. The variable's name is added by `readConfig`. */
export function whole(fallback: number, min?: number, max?: number): z.ZodDefault<z.ZodCoercedNumber>;
export function whole(fallback: undefined, min?: number, max?: number): z.ZodOptional<z.ZodCoercedNumber>;
export function whole(fallback: number | undefined, min = 1, max = Number.MAX_SAFE_INTEGER) {
  const error =
    max === Number.MAX_SAFE_INTEGER ? `must be a whole number of at least ${min}` : `must be a whole number from ${min} to ${max}`;
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
      const hosts = value
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)
        .map(mediaHostOf);
      if (hosts.length === 0 || hosts.includes(null)) {
        ctx.addIssue({ code: "custom", message: "must list host names, or host:port, separated by commas" });
        return z.NEVER;
      }
      return hosts as MediaHost[];
    });

/** A base64url string of `min` to `max` characters (a key). */
const base64url = (min: number, max: number) =>
  z.string().regex(new RegExp(`^[A-Za-z0-9_-]{${min},${max}}$`), `must be a base64url key of ${min} to ${max} characters`);
/** `address:port` entries (the port required: an entry names one server). */
const localHosts = () =>
  z.array(z.string()).transform((entries, ctx) => {
    const hosts = entries.map((s) => mediaHostOf(s.trim()));
    if (hosts.some((h) => h === null || h.port === undefined)) {
      ctx.addIssue({ code: "custom", message: "must list address:port entries" });
      return z.NEVER;
    }
    return hosts as MediaHost[];
  });

/**
 * TEST_ONLY (decision 052): everything only a test stand-in or a test's impatience needs, under one
 * name that says so, as a JSON object (`TEST_ONLY='{"mediaHttp":true}'`). Unknown keys stop
 * start-up, so a misspelt switch is never silently off. A server started with it says so at
 * start-up (testOnlyWarning), production or not: the suites run the production build.
 */
const testOnlySchema = z.strictObject({
  // The stand-ins.
  /** The DDF® stand-in's token and OData endpoints, instead of CREA's (DDF_ENDPOINTS). */
  ddfTokenUrl: url("http:", "https:").optional(),
  ddfApiUrl: url("http:", "https:").optional(),
  /** Listing photos over plain HTTP too (the stand-in's, on loopback); otherwise HTTPS only. */
  mediaHttp: z.boolean().optional(),
  /** Push services at these `address:port` entries, over http too (the Web Push stand-in); otherwise only https on port 443 at public addresses. */
  pushLocalHosts: localHosts().optional(),
  /** The agent's calendar (issue 44) at these `address:port` entries, over http too (the tests' calendar stand-in); otherwise only https on port 443 at public addresses. */
  calendarLocalHosts: localHosts().optional(),
  // Quicker clocks and other quotas than the constants', so a test sees in seconds what takes minutes.
  outboxPollMs: whole(undefined),
  outboxBackoffBaseMs: whole(undefined),
  outboxBackoffMaxMs: whole(undefined),
  outboxLeaseMs: whole(undefined),
  alertsPollMs: whole(undefined),
  ddfSyncIntervalMs: whole(undefined),
  ddfFullCheckMs: whole(undefined),
  shutdownGraceMs: whole(undefined, 0),
  formRateLimitMax: whole(undefined),
});
/** TEST_ONLY's settings as a suite writes them (pushLocalHosts as `address:port` strings). */
export type TestOnlySettings = z.input<typeof testOnlySchema>;

/**
 * The TEST_ONLY value of these settings, merged in order (a later one's keys win); each part a
 * settings object or an earlier TEST_ONLY value. What the suites put in the environment of the
 * servers they start.
 */
export function testOnlyValue(...parts: (TestOnlySettings | string | undefined)[]): string {
  return JSON.stringify(
    Object.assign({}, ...parts.map((part) => (typeof part === "string" ? (JSON.parse(part) as TestOnlySettings) : (part ?? {})))),
  );
}

export const configSchema = z
  .object({
    // The server.
    NODE_ENV: z.string().default("development"),
    PORT: port(3000),
    HOST: z.string().default("0.0.0.0"),
    BUILD_DIR: z.string().default("build"),
    TRUST_PROXY: z.string().default("loopback"),
    DEBUG_STARTUP: flag,
    // The site's address is read at start-up, not baked in (decision 032). It is written into every
    // page, so it must be an origin: no path, query, fragment or credentials.
    SITE_URL: url("http:", "https:")
      .refine(isOrigin, {
        error:
          "must be the site's origin alone (scheme, host and optional port, such as https://www.example.com), with no path, query or credentials",
      })
      .optional(),
    // Public configuration, baked into the build (see docs/decisions). Unset: the site's own
    // (app/content/site.ts), filled in by public-config.ts, as are the agent's address and the
    // sender by server/runtime.ts: the environment reader knows nothing of the site.
    LISTINGS_WIDGET_SCRIPT_URL: url("http:", "https:").optional(),
    FORM_EMBED_SCRIPT_URL: url("http:", "https:").optional(),
    FORM_EMBED_ORIGIN: url("http:", "https:").optional(),
    // The map's MapLibre style (issue 45, decision 060); its host must serve the tiles, sprites and glyphs too (the CSP allows that one host).
    MAP_STYLE_URL: url("http:", "https:").optional(),
    // Storage.
    DATA_DIR: z
      .string()
      .default("data")
      .transform((dir) => path.resolve(dir)),
    DATABASE_URL: url("postgres:", "postgresql:").optional(),
    // Backups (issue 41, decision 048). Unset: DATA_DIR/backups; meant to be a mounted remote or synced folder.
    BACKUP_DIR: z
      .string()
      .optional()
      .transform((dir) => (dir ? path.resolve(dir) : undefined)),
    /** The Edmonton time of the daily backup, "HH:MM" (24-hour). */
    BACKUP_TIME: z
      .string()
      .default("03:00")
      .pipe(z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'must be a 24-hour time such as "03:00"')),
    BACKUP_WORKER: onOff("on"),
    /** The health alerts to the agent (push and e-mail); the Account page's panel shows the states either way. */
    HEALTH_ALERTS: onOff("on"),
    /** Free space under this on DATA_DIR's or BACKUP_DIR's disk alerts the agent (the health alerts). */
    HEALTH_MIN_FREE_MB: whole(1024, 0),
    DATABASE_POOL_MAX: whole(10),
    // Notifications.
    SMTP_URL: url("smtp:", "smtps:").optional(),
    AGENT_NOTIFY_EMAIL: z.email({ error: "must be an e-mail address" }).optional(),
    MAIL_FROM: z.string().optional(),
    OUTBOX_WORKER: onOff("on"),
    // Speed to lead (decision 038).
    ACKNOWLEDGE_SUBMISSIONS: onOff("on"),
    LEAD_REMINDER_MINUTES: whole(60, 1, 24 * 60),
    MORNING_SUMMARY: onOff("off"),
    // Listing alerts and privacy (issue 32, decision 039).
    SPAM_RETENTION_DAYS: whole(30, 0, 3650),
    /** The VAPID key pair (base64url, as web-push prints them); unset, one is made on first start and kept in the database. */
    VAPID_PUBLIC_KEY: base64url(87, 88).optional(),
    VAPID_PRIVATE_KEY: base64url(43, 44).optional(),
    /** How push services may reach the site's operator (VAPID `sub`); default mailto: AGENT_NOTIFY_EMAIL. */
    VAPID_SUBJECT: url("mailto:", "https:").optional(),
    // The REALTOR.ca DDF® listings feed (off unless both credentials are set).
    DDF_CLIENT_ID: z.string().optional(),
    DDF_CLIENT_SECRET: z.string().optional(),
    DDF_SYNC_WORKER: onOff("on"),
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
    /** What only the tests, the bench and the audits set: the stand-ins and quicker clocks (see testOnlySchema). */
    TEST_ONLY: z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (value === undefined) return undefined;
        try {
          return JSON.parse(value) as unknown;
        } catch {
          ctx.addIssue({ code: "custom", message: "must be a JSON object of test-only settings" });
          return z.NEVER;
        }
      })
      .pipe(testOnlySchema.optional()),
    // The City of Edmonton's property assessment roll (issue 42; off unless ASSESSMENTS=on).
    ASSESSMENTS: onOff("off"),
    /** The City's open data portal (Socrata); the tests point it at a local stand-in. */
    ASSESSMENTS_URL: url("http:", "https:").default("https://data.edmonton.ca"),
    /** Sent as X-App-Token: the portal throttles anonymous clients sooner. */
    ASSESSMENTS_APP_TOKEN: z.string().trim().min(1).optional(),
    /** `off`: this process never imports, nor fetches the listings' histories ahead (another server sharing the database does). */
    ASSESSMENTS_WORKER: onOff("on"),
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
  override name = "ConfigError";
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
export function parseEnvironment<S extends z.ZodType<unknown, Record<string, unknown>> & { shape: Record<string, unknown> }>(
  schema: S,
  env: Record<string, string | undefined>,
): z.infer<S> {
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
  // Inside a JSON value (TEST_ONLY), the key at fault.
  const inside = typeof issue.path[1] === "string" ? ` (${issue.path.slice(1).join(".")})` : "";
  throw new ConfigError(`${name}${inside} ${issue.message}, ${shown}`);
}

/** The site's public address, an origin without a trailing slash: SITE_URL, or this machine on PORT. */
export function siteUrlOf(config: Config): string {
  return config.SITE_URL ? new URL(config.SITE_URL).origin : `http://localhost:${config.PORT}`;
}

/**
 * Free space DATA_DIR must have at start-up, in bytes: PGlite's files need room to open and
 * migrate; the mail folder alone (PostgreSQL) only a little. Constants, not configuration
 * (decision 052): below these the site cannot run, and above them the health alerts
 * (HEALTH_MIN_FREE_MB) speak long before.
 */
export const DATA_DIR_MIN_FREE_MB = { pglite: 64, postgres: 1 } as const;
export function dataDirMinFreeBytes(config: Pick<Config, "DATABASE_URL">): number {
  return (config.DATABASE_URL ? DATA_DIR_MIN_FREE_MB.postgres : DATA_DIR_MIN_FREE_MB.pglite) * 1024 * 1024;
}

/** Where backups are written: BACKUP_DIR, else DATA_DIR/backups. */
export function backupDirOf(config: Config): string {
  return config.BACKUP_DIR ?? path.join(config.DATA_DIR, "backups");
}

/**
 * Variables earlier versions read and this one does not (decision 052): tuning knobs that became
 * constants in the modules that use them, and the stand-in switches now under TEST_ONLY. A set one
 * is ignored, never an error (an old environment file still starts the site), and named at
 * start-up so the operator can remove it.
 */
export const REMOVED_VARIABLES = [
  "OUTBOX_POLL_MS",
  "OUTBOX_MAX_ATTEMPTS",
  "OUTBOX_BACKOFF_BASE_MS",
  "OUTBOX_BACKOFF_MAX_MS",
  "OUTBOX_LEASE_MS",
  "ALERTS_POLL_MS",
  "DDF_SYNC_INTERVAL_MS",
  "DDF_FULL_CHECK_MS",
  "DDF_BACKOFF_MAX_MS",
  "SHUTDOWN_GRACE_MS",
  "DATA_DIR_MIN_FREE_MB",
  "FORM_RATE_LIMIT_MAX",
  "FORM_RATE_LIMIT_WINDOW_MS",
  "FORM_BODY_LIMIT_BYTES",
  "DDF_TOKEN_URL",
  "DDF_API_URL",
  "DDF_MEDIA_HTTP",
  "PUSH_LOCAL_HOSTS",
] as const;

/** The lines start-up prints about the environment itself: removed variables still set, and TEST_ONLY. */
export function configWarnings(config: Config, env: Record<string, string | undefined> = process.env): string[] {
  const warnings: string[] = [];
  const removed = REMOVED_VARIABLES.filter((name) => env[name]?.trim());
  if (removed.length > 0)
    warnings.push(
      `[config] ${removed.join(", ")} ${removed.length === 1 ? "is" : "are"} no longer read and ignored (decision 052); remove ${removed.length === 1 ? "it" : "them"} from the environment`,
    );
  if (config.TEST_ONLY) {
    const keys = Object.keys(config.TEST_ONLY).join(", ") || "nothing";
    warnings.push(
      `[config] *** TEST_ONLY IS SET${config.NODE_ENV === "production" ? " IN PRODUCTION" : ""}: this server runs a test's stand-ins and clocks (${keys}). Never set it on a real site. ***`,
    );
  }
  return warnings;
}
