/**
 * The settings of the scripts (npm run audit, audit:security, bench, the image renderers), apart
 * from the server's configuration (platform/config.ts), which holds only what the
 * server reads. Read the same way: a bad value stops the script with one line naming it.
 */
import { z } from "zod";
import { flag, onOff, optionalPort, parseEnvironment, port, whole } from "../platform/config";

export const scriptConfigSchema = z.object({
  CHROME_PATH: z.string().default("/usr/bin/chromium"),
  AUDIT_PORT: port(3900),
  AUDIT_FIXTURE_PORT: port(3999),
  AUDIT_APP_PORT: port(3901),
  AUDIT_VERBOSE: flag,
  AUDIT_RUNS: whole(3, 1, 15),
  /** `off`: npm run audit skips each page's no-script reference (tools/noscript-reference.ts). */
  AUDIT_NOSCRIPT: onOff("on"),
  BENCH_PORT: optionalPort(),
  BENCH_REQUESTS: whole(8000),
  BENCH_CONNECTIONS: whole(16),
  BENCH_WARMUP: whole(500, 0),
  BENCH_MAX_SECONDS: whole(60),
  BENCH_STATIC_SECONDS: whole(8),
  BENCH_FLOOD_REQUESTS: whole(5000),
  BENCH_INBOX_SUBMISSIONS: whole(50_000),
  BENCH_LISTINGS: whole(20_000),
  BENCH_PUSH_SUBMISSIONS: whole(500),
  BENCH_BACKUP_SUBMISSIONS: whole(50_000),
  BENCH_BACKUP_LISTINGS: whole(20_000),
  /** Accounts of the assessment roll the "assessments" section imports from the City stand-in (issue 42). */
  BENCH_ASSESSMENT_ACCOUNTS: whole(440_000),
  /** Events of the agent's busy calendar in the "showings" section (issue 44). */
  BENCH_SHOWINGS_BUSY: whole(500),
  /** Comma-separated sections to run (forms, static, flood, inbox, listings, push, alerts, backup, assessments, home-value, showings, search, roll-pages); unset: all. "static" includes the flood; "flood" alone skips the static pages. */
  BENCH_ONLY: z
    .string()
    .optional()
    .transform((v) => v?.split(",").map((s) => s.trim().toLowerCase()))
    .pipe(
      z
        .array(
          z.enum(
            [
              "forms",
              "static",
              "flood",
              "inbox",
              "listings",
              "push",
              "alerts",
              "backup",
              "assessments",
              "home-value",
              "showings",
              "search",
              "roll-pages",
            ],
            {
              error:
                "must list sections among forms, static, flood, inbox, listings, push, alerts, backup, assessments, home-value, showings, search, roll-pages",
            },
          ),
        )
        .optional(),
    ),
  BENCH_OUTBOX_WORKER: onOff("on"),
  BENCH_SKIP_BUILD: flag,
  BENCH_DEBUG: flag,
});

export type ScriptConfig = z.infer<typeof scriptConfigSchema>;

export function readScriptConfig(env: Record<string, string | undefined> = process.env): ScriptConfig {
  return parseEnvironment(scriptConfigSchema, env);
}
