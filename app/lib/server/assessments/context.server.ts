/**
 * What the pages need of the assessment roll (issue 42): the database holding it, and a client of
 * the City's API for the per-account histories. Present only with ASSESSMENTS=on.
 */
import type { Database } from "../../../../platform/db/database";
import { type SodaClient, createSodaClient } from "./soda-client.server";

export interface AssessmentsContext {
  db: Database;
  /** For a page's history fetch: one attempt, a short timeout (the page never waits long anyway). */
  client: SodaClient;
  log: Pick<Console, "warn">;
}

export interface AssessmentsSettings {
  baseUrl: string;
  appToken?: string | null;
}

/** The client the import uses: retries a 429 or 5xx with growing waits, as the job can wait. */
export function importClientOf(settings: AssessmentsSettings): SodaClient {
  return createSodaClient({ baseUrl: settings.baseUrl, appToken: settings.appToken ?? null });
}

export function createAssessmentsContext(
  db: Database,
  settings: AssessmentsSettings,
  log: Pick<Console, "warn"> = console,
): AssessmentsContext {
  return {
    db,
    client: createSodaClient({ baseUrl: settings.baseUrl, appToken: settings.appToken ?? null, maxAttempts: 1, timeoutMs: 10_000 }),
    log,
  };
}
