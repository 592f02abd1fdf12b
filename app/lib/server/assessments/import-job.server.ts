/**
 * The assessment roll's import as a job of the server's JobRunner (decision 031): a run continues
 * the load in progress or starts one when the live roll is ROLL_REFRESH_MS old, then sleeps
 * until the next is due. The runner's lease keeps two servers sharing the database from importing
 * at once; its signal reaches every request to the City, so a shutdown abandons the page in flight
 * and the next run resumes at it.
 */
import type { Database } from "../../../../platform/db/database";
import type { Job, JobContext, JobRunOutcome } from "../../../../platform/jobs/runner";
import { importRoll, nextImportDue, rollStatus } from "./import.server";
import type { SodaClient } from "./soda-client.server";

export const ASSESSMENTS_IMPORT_JOB = "assessments-import";

/**
 * How often the roll and property information are loaded again in full: weekly, as the City
 * refreshes them. A constant, not configuration (decision 052): no operator needs another pace.
 */
export const ROLL_REFRESH_MS = 7 * 24 * 3_600_000;

/** Never sleep longer than this between looks at the schedule (another server may have imported). */
const MAX_PAUSE_MS = 6 * 3_600_000;

export interface AssessmentsImportJobOptions {
  refreshMs: number;
  /** The pause before the first run (default 5 s): visitors first. */
  startDelayMs?: number;
  pageSize?: number;
  log?: Pick<Console, "info" | "warn" | "error">;
}

export class AssessmentsImportJob implements Job {
  readonly name = ASSESSMENTS_IMPORT_JOB;
  /** Renewed every third of it while a run lasts; a server that dies lets another take over after it. */
  readonly lease = { ms: 5 * 60_000 };
  readonly intervalMs = MAX_PAUSE_MS;
  readonly startDelayMs: number;
  /** A failing portal is asked again after 1 min, doubling up to 6 h. */
  readonly retry = { baseMs: 60_000, maxMs: MAX_PAUSE_MS };

  constructor(
    private readonly db: Database,
    private readonly client: SodaClient,
    private readonly options: AssessmentsImportJobOptions,
  ) {
    this.startDelayMs = options.startDelayMs ?? 5_000;
  }

  async run({ signal }: JobContext): Promise<JobRunOutcome> {
    await importRoll(this.db, this.client, {
      refreshMs: this.options.refreshMs,
      signal,
      pageSize: this.options.pageSize,
      log: this.options.log,
    });
    const status = await rollStatus(this.db);
    const until = nextImportDue(status.liveImportedAt, this.options.refreshMs, new Date()).getTime() - Date.now();
    return { nextRunInMs: Math.min(MAX_PAUSE_MS, Math.max(1_000, until)) };
  }
}
