/**
 * The daily backup (issue 41, decision 048) on the server's one job runner (decision 031), under
 * the runner's lease, so of the servers sharing one database one backs up. Due when no good
 * backup has been taken since the last BACKUP_TIME in Edmonton (app/lib/working-hours.ts: a
 * 23- or 25-hour day still backs up at 3:00), so a server that was down at 3:00, or starts for
 * the first time, backs up a minute after it starts. A backup that fails its check throws: the
 * runner logs it and tries again after its backoff (5 minutes, doubling to an hour). The backups'
 * mechanics are the platform's (platform/backup/); when, and which to keep (retention.server.ts),
 * are the site's, in Edmonton time.
 */
import type { Database } from "../../../../platform/db/database";
import { ClockedJob, type Job, type JobContext, type JobRunOutcome } from "../../../../platform/jobs/runner";
import { lastWallClock, nextWallClock } from "../../working-hours";
import { takeBackup } from "../../../../platform/backup/backups";
import { latestGoodBackup } from "../../../../platform/backup/manifest";
import { backupsToKeep } from "./retention.server";

export const BACKUP_JOB = "backup";

export interface BackupJobOptions {
  dir: string;
  /** BACKUP_TIME, "HH:MM" in Edmonton. */
  time: string;
  now?: () => Date;
  log?: Pick<Console, "info" | "warn" | "error">;
}

export class BackupJob extends ClockedJob<Database, BackupJobOptions> implements Job {
  readonly name = BACKUP_JOB;
  /** Looked at hourly at most; a run asks for the time left to the next BACKUP_TIME. */
  readonly intervalMs = 3_600_000;
  readonly startDelayMs = 60_000;
  readonly retry = { baseMs: 5 * 60_000, maxMs: 3_600_000 };
  /** Renewed every third of it while the backup lasts. */
  readonly lease = { ms: 10 * 60_000 };

  async run({ signal }: Pick<JobContext, "signal">): Promise<JobRunOutcome> {
    const now = this.now();
    const latest = await latestGoodBackup(this.options.dir);
    if (!latest || new Date(latest.manifest.createdAt) < lastWallClock(now, this.options.time)) {
      const outcome = await takeBackup(this.db, this.options.dir, { now, signal, keep: backupsToKeep });
      if (!outcome.ok) throw new Error(`the backup failed its check and was kept aside as ${outcome.keptAside}: ${outcome.error}`);
      const m = outcome.backup.manifest;
      const removed = outcome.removed.length > 0 ? `; ${outcome.removed.length} older one(s) removed` : "";
      this.options.log?.info(
        `[backup] ${outcome.backup.dataFile} (${(m.bytes / 1_048_576).toFixed(1)} MB, checked in ${m.verified.ms} ms)${removed}`,
      );
    }
    return { nextRunInMs: Math.max(1_000, nextWallClock(this.now(), this.options.time).getTime() - this.now().getTime()) };
  }
}
