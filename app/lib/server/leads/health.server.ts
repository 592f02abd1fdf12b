/**
 * What /healthz answers: whether the database answers, and for a request made on this machine the
 * outbox by status (the agent's lead volume, so never to the public).
 */
import { sql } from "drizzle-orm";
import type { HealthReport } from "../../leads";
import type { Database } from "../../../../platform/db/database";
import { messageChainOf } from "../../../../platform/db/errors";
import { outboxCounts } from "../mail/outbox.server";

export async function siteHealth(
  db: Database,
  options: { notifications?: boolean } = {},
  log: Pick<Console, "error"> = console,
): Promise<HealthReport> {
  try {
    if (options.notifications) return { ok: true, database: "ok", notifications: await outboxCounts(db) };
    await db.rows(sql`select 1`);
    return { ok: true, database: "ok" };
  } catch (error) {
    log.error(`[healthz] database check failed: ${messageChainOf(error)}`);
    return { ok: false, database: "unavailable" };
  }
}
