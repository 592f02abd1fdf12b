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
import type { Database } from "../db.server";

/** What the lease needs of the database: one statement at a time. */
export type LeaseDatabase = Pick<Database, "rows">;

/** Held; or held by another server, for `msLeft` more (by the database's clock). */
export type LeaseAttempt = { held: true } | { held: false; msLeft: number };

const until = (ms: number) => sql`now() + ${Math.max(1, Math.round(ms))}::integer * interval '1 millisecond'`;

/** Takes the lease of job `name` for `ms` when nobody holds it (or the holder's ran out). */
export async function takeLease(db: LeaseDatabase, name: string, owner: string, ms: number): Promise<LeaseAttempt> {
  const taken = await db.rows<{ lease_owner: string }>(sql`
    insert into job_leases as l (name, lease_owner, lease_until, taken_at)
    values (${name}, ${owner}, ${until(ms)}, now())
    on conflict (name) do update set lease_owner = excluded.lease_owner, lease_until = excluded.lease_until, taken_at = excluded.taken_at
    where l.lease_until <= now()
    returning lease_owner`);
  if (taken.length > 0) return { held: true };
  const [row] = await db.rows<{ ms_left: number }>(sql`
    select greatest(0, ceil(extract(epoch from (lease_until - now())) * 1000))::integer as ms_left
    from job_leases where name = ${name}`);
  return { held: false, msLeft: Number(row?.ms_left ?? 0) };
}

/** Extends a lease this owner holds to `ms` from now; false when another server has taken it over. */
export async function renewLease(db: LeaseDatabase, name: string, owner: string, ms: number): Promise<boolean> {
  const rows = await db.rows(sql`
    update job_leases set lease_until = ${until(ms)}
    where name = ${name} and lease_owner = ${owner} returning name`);
  return rows.length > 0;
}

/** Gives the lease back at once (the row stays, with when it was last taken). */
export async function releaseLease(db: LeaseDatabase, name: string, owner: string): Promise<void> {
  await db.rows(sql`update job_leases set lease_until = now() where name = ${name} and lease_owner = ${owner}`);
}
