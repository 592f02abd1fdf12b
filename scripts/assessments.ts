/**
 * npm run assessments -- import   loads the City of Edmonton's assessment roll now (whatever the
 *                                 schedule says), or finishes the load in progress, and prints
 *                                 its figures
 * npm run assessments -- status   prints the live roll's year, size and age, and the import's state
 *
 * Uses the server's own settings and database (DATABASE_URL, else PGlite in DATA_DIR: stop the
 * server first, PGlite allows one process). Without ASSESSMENTS=on it says the roll is off and
 * exits 1. Ctrl-C stops an import: the pages written stay, the live roll keeps serving, and the
 * next run resumes.
 */
import { messageChainOf } from "../platform/db/errors";
import { importClientOf } from "../app/lib/server/assessments/context.server";
import { importRoll, rollStatus } from "../app/lib/server/assessments/import.server";
import { ROLL_REFRESH_MS } from "../app/lib/server/assessments/import-job.server";
import { openScriptDatabase } from "./script-database";

const command = process.argv[2];
if (command !== "import" && command !== "status") {
  console.error("Usage: npm run assessments -- import | status");
  process.exit(1);
}

const { db, config } = await openScriptDatabase(" (the site is running: use its inbox Account page, or stop it first)", (c) =>
  c.ASSESSMENTS ? null : "The assessment roll is off (set ASSESSMENTS=on).",
);
const when = (d: Date | null) =>
  d ? d.toLocaleString("en-CA", { timeZone: "America/Edmonton", dateStyle: "medium", timeStyle: "short" }) : "never";
let exitCode = 0;

try {
  if (command === "import") {
    console.log(`Loading the assessment roll from ${new URL(config.ASSESSMENTS_URL).origin} ... (Ctrl-C stops it; the next run resumes)`);
    const stop = new AbortController();
    process.once("SIGINT", () => stop.abort(new Error("stopped (Ctrl-C)")));
    process.once("SIGTERM", () => stop.abort(new Error("stopped (SIGTERM)")));
    try {
      const result = await importRoll(db, importClientOf({ baseUrl: config.ASSESSMENTS_URL, appToken: config.ASSESSMENTS_APP_TOKEN }), {
        refreshMs: ROLL_REFRESH_MS,
        force: true,
        signal: stop.signal,
        log: console,
      });
      console.log(
        `The ${result.liveYear} roll is live: ${result.liveRows} accounts (${result.fetched} rows fetched in ${(result.durationMs / 1000).toFixed(1)} s).`,
      );
    } catch (error) {
      const s = await rollStatus(db);
      const kept = s.liveRows ? `the ${s.liveYear} roll (${s.liveRows} accounts) keeps serving` : "no roll is live yet";
      if (stop.signal.aborted) {
        console.log(`Stopped at ${s.building?.stage ?? "?"} offset ${s.building?.offset ?? 0}; ${kept}; the next run resumes there.`);
        exitCode = 130;
      } else {
        console.error(`Import failed: ${messageChainOf(error)}`);
        console.error(
          `${kept}; the next run resumes at ${s.building?.stage ?? "the start"}${s.building ? ` offset ${s.building.offset}` : ""}.`,
        );
        exitCode = 1;
      }
    }
  } else {
    const s = await rollStatus(db);
    console.log(
      `Live roll: ${s.liveYear ? `${s.liveYear} (market values as of July 1, ${s.liveYear - 1}), ${s.liveRows} accounts, loaded ${when(s.liveImportedAt)}` : "none yet"}`,
    );
    if (s.building)
      console.log(`Load in progress: ${s.building.stage} at offset ${s.building.offset}, started ${when(s.building.startedAt)}`);
    console.log(`Last attempt: ${when(s.lastAttemptAt)}; last success: ${when(s.lastSuccessAt)}`);
    if (s.lastError) console.log(`Failing since ${when(s.failingSince)}: ${s.lastError}`);
  }
} finally {
  await db.close();
}
process.exit(exitCode);
