/**
 * Keeps this server's render cache on the listings' current generation (server/render-cache.ts):
 * every server reads it from the shared database every 2 s, whichever server ran the sync, so a
 * listing change reaches every server's answers within 2 s of the run that stored it. One small
 * read per server every 2 s is the whole cost; a missed read is made up by the next.
 */
import type { Database } from "../platform/db/database";
import type { Job } from "../platform/jobs/runner";
import { copyGeneration } from "../app/lib/server/listings/sync-status.server";

export const RENDER_GENERATION_JOB = "render-generation";

export class RenderGenerationJob implements Job {
  readonly name = RENDER_GENERATION_JOB;
  readonly lease = "each server";
  readonly intervalMs = 2_000;
  readonly retry = { baseMs: 2_000, maxMs: 30_000 };

  constructor(
    private readonly db: Database,
    private readonly cache: { setGeneration(generation: number): void },
  ) {}

  async run(): Promise<void> {
    this.cache.setGeneration(await copyGeneration(this.db));
  }
}
