/**
 * The job runner's lease: one row per job in `job_leases`, so that of the servers sharing one
 * database only one runs a given job at a time. It is taken with one statement (a new row, or a
 * row whose lease ran out taken over), renewed while the run lasts and given back after it; a
 * server that dies lets go when its lease runs out. Times are the database's own (`now()`), so
 * servers whose clocks disagree still agree on who holds it. Plain rows and conditional writes:
 * the same on PGlite (one connection, in-process) and on a PostgreSQL server shared by several
 * processes, with no advisory lock, no LISTEN/NOTIFY and no pinned connection.
 */
import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { jobLeases } from "../../db/schema";
import type { Database } from "../db/database";
import { name, returning, select } from "../db/query";

/** What the lease needs of the database: one statement at a time. */
export type LeaseDatabase = Pick<Database, "rows">;

/** Held; or held by another server, for `msLeft` more (by the database's clock). */
export type LeaseAttempt = { held: true } | { held: false; msLeft: number };

const until = (ms: number) => sql`now() + ${Math.max(1, Math.round(ms))}::integer * interval '1 millisecond'`;

/** Takes the lease of `job` for `ms` when nobody holds it (or the holder's ran out). */
export async function takeLease(db: LeaseDatabase, job: string, owner: string, ms: number): Promise<LeaseAttempt> {
  const l = alias(jobLeases, "l");
  const taken = await returning(
    db.rows,
    { lease_owner: jobLeases.lease_owner },
    sql`
    insert into ${jobLeases} as ${l} (${name(jobLeases.name)}, ${name(jobLeases.lease_owner)}, ${name(jobLeases.lease_until)}, ${name(jobLeases.taken_at)})
    values (${job}, ${owner}, ${until(ms)}, now())
    on conflict (${name(jobLeases.name)}) do update set ${name(jobLeases.lease_owner)} = excluded.${name(jobLeases.lease_owner)},
      ${name(jobLeases.lease_until)} = excluded.${name(jobLeases.lease_until)}, ${name(jobLeases.taken_at)} = excluded.${name(jobLeases.taken_at)}
    where ${l.lease_until} <= now()`,
  );
  if (taken.length > 0) return { held: true };
  const [row] = await select(
    db.rows,
    { msLeft: sql<number>`greatest(0, ceil(extract(epoch from (${jobLeases.lease_until} - now())) * 1000))::integer` },
    sql`
    from ${jobLeases} where ${jobLeases.name} = ${job}`,
  );
  return { held: false, msLeft: Number(row?.msLeft ?? 0) };
}

/** Extends a lease this owner holds to `ms` from now; false when another server has taken it over. */
export async function renewLease(db: LeaseDatabase, job: string, owner: string, ms: number): Promise<boolean> {
  const rows = await returning(
    db.rows,
    { name: jobLeases.name },
    sql`
    update ${jobLeases} set ${name(jobLeases.lease_until)} = ${until(ms)}
    where ${jobLeases.name} = ${job} and ${jobLeases.lease_owner} = ${owner}`,
  );
  return rows.length > 0;
}

/** Gives the lease back at once (the row stays, with when it was last taken). */
export async function releaseLease(db: LeaseDatabase, job: string, owner: string): Promise<void> {
  await db.rows(
    sql`update ${jobLeases} set ${name(jobLeases.lease_until)} = now() where ${jobLeases.name} = ${job} and ${jobLeases.lease_owner} = ${owner}`,
  );
}
