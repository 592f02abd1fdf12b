/**
 * An account's assessments over the years (qi6a-xuwt, several million rows in all): never
 * imported whole, fetched for one account when a page first needs it, kept, and fetched again
 * once the live roll is of a later year. A page waits for it a moment at most (HISTORY_WAIT_MS);
 * past that it renders without the chart, and the fetch goes on to store it for the next visitor.
 * One fetch per account at a time in this process.
 */
import { sql } from "drizzle-orm";
import { type AssessmentYearValue, assessmentHistory as h } from "../../../../db/schema";
import type { Database } from "../../../../platform/db/database";
import { name, select } from "../../../../platform/db/query";
import { HISTORY } from "./datasets.server";
import type { SodaClient } from "./soda-client.server";

/** The longest a page waits for a history it does not have yet. */
export const HISTORY_WAIT_MS = 250;
/** Far more years than the City keeps for one account. */
const MAX_YEARS = 60;

export interface HistoryOptions {
  waitMs?: number;
  log?: Pick<Console, "warn">;
}

const inFlight = new Map<string, Promise<AssessmentYearValue[] | null>>();

async function stored(db: Pick<Database, "rows">, accountNumber: string, rollYear: number): Promise<AssessmentYearValue[] | null> {
  const [row] = await select(
    db.rows,
    { values: h.values, rollYear: h.roll_year },
    sql`from ${h} where ${h.account_number} = ${accountNumber}`,
  );
  return row && row.rollYear >= rollYear ? row.values : null;
}

async function fetchAndKeep(
  db: Pick<Database, "rows">,
  client: SodaClient,
  accountNumber: string,
  rollYear: number,
): Promise<AssessmentYearValue[]> {
  const rows = await client.rows(HISTORY, { where: [{ field: "account_number", op: "=", value: accountNumber }], limit: MAX_YEARS });
  // One value per year (the last the City gives), the roll's own year left to the roll.
  const byYear = new Map<number, number>();
  for (const r of rows) if (r.assessmentYear < rollYear) byYear.set(r.assessmentYear, r.assessedValue);
  const values = [...byYear.entries()].sort((x, y) => x[0] - y[0]).map(([year, value]) => ({ year, value }));
  await db.rows(sql`insert into ${h} (${name(h.account_number)}, ${name(h.values)}, ${name(h.roll_year)}, ${name(h.fetched_at)})
    values (${accountNumber}, ${JSON.stringify(values)}::jsonb, ${rollYear}, now())
    on conflict (${name(h.account_number)}) do update set ${name(h.values)} = excluded.${name(h.values)}, ${name(h.roll_year)} = excluded.${name(h.roll_year)}, ${name(h.fetched_at)} = excluded.${name(h.fetched_at)}`);
  return values;
}

/**
 * The account's past values (oldest first), or null when they are not at hand within the wait
 * (the fetch continues in the background) or the City could not be asked.
 */
export async function assessmentHistory(
  db: Pick<Database, "rows">,
  client: SodaClient,
  accountNumber: string,
  rollYear: number,
  options: HistoryOptions = {},
): Promise<AssessmentYearValue[] | null> {
  const kept = await stored(db, accountNumber, rollYear);
  if (kept) return kept;
  let fetching = inFlight.get(accountNumber);
  if (!fetching) {
    fetching = fetchAndKeep(db, client, accountNumber, rollYear)
      .catch((error: unknown) => {
        options.log?.warn(`[assessments] the history of an account could not be fetched: ${(error as Error).message}`);
        return null;
      })
      .finally(() => inFlight.delete(accountNumber));
    inFlight.set(accountNumber, fetching);
  }
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), options.waitMs ?? HISTORY_WAIT_MS);
  });
  try {
    return await Promise.race([fetching, late]);
  } finally {
    clearTimeout(timer);
  }
}
