/**
 * The replication of one resource of the feed (Property or Office) in CREA's documented flow: the
 * whole resource when nothing was ever loaded, else the changes since the watermark fetched by
 * key; and, when the complete list is due, the removals check against it. Every batch stored is
 * followed by a checkpoint of the run (lease renewed, watermark moved), so a run cut short
 * resumes where it stopped.
 */
import { listingSync } from "../../../../db/schema";
import type { Database } from "../../../../platform/db/database";
import type { SyncProgress } from "~/lib/listings-sync-status";
import { DDF_RESOURCES, type DdfCallOptions, type DdfClient, type ReplicatedResource, type ReplicationEntry } from "./ddf-client.server";
import { DdfError } from "./ddf-errors.server";
import { type DdfOffice, type DdfProperty, displayable, listingStatusOf, toListingRow } from "./property.server";
import { removeListings, removeOffices, storedListingVersions, storedOfficeVersions, upsertListings, upsertOffices } from "./store.server";
import type { WatermarkColumn } from "./sync-lease.server";

/** How one replicated resource is stored. */
export interface Replica<T> {
  resource: ReplicatedResource;
  column: WatermarkColumn;
  store(records: T[]): Promise<void>;
  versions(): Promise<Map<string, number>>;
  remove(keys: string[]): Promise<number>;
}

/** What a replication needs of the run it is part of. */
export interface ReplicationRun {
  db: Database;
  client: DdfClient;
  /** Carried by every request to the feed: a stop abandons the one in flight. */
  call: DdfCallOptions;
  progress: SyncProgress;
  started: Date;
  now(): Date;
  /** Renews the lease and shows the progress; with a watermark, moves `column` forward to it. */
  checkpoint(watermark?: Date | null, column?: WatermarkColumn): Promise<void>;
}

/**
 * The listings: shown ones upserted, the rest (Internet display withdrawn, a status the site does
 * not show) removed, with that status when it is why ("Closed"); counted in the progress.
 * `recordChanges`: false for the first full load (every listing would be "new" to the alerts).
 */
export function listingsReplica(run: ReplicationRun, options: { recordChanges: boolean }): Replica<DdfProperty> {
  const { db, progress } = run;
  return {
    resource: "Property",
    column: listingSync.watermark,
    async store(records) {
      progress.fetched += records.length;
      const synced = run.now();
      progress.upserted += await upsertListings(
        db,
        records.filter(displayable).map((p) => toListingRow(p, synced)),
        options,
      );
      const removals = records.filter((p) => !displayable(p)).map((p) => ({ key: p.ListingKey, status: feedStatusOf(p) }));
      progress.removed += await removeListings(db, removals, options);
    },
    versions: () => storedListingVersions(db),
    remove: (keys) => removeListings(db, keys, options),
  };
}

/** The feed's own status when it is why a listing leaves the site ("Closed", "Expired"); null when the status is a shown one (display withdrawn) or absent. */
function feedStatusOf(p: DdfProperty): string | null {
  const status = p.StandardStatus?.trim();
  return status && listingStatusOf(status) === null ? status.slice(0, 50) : null;
}

export function officesReplica(run: ReplicationRun): Replica<DdfOffice> {
  const { db } = run;
  return {
    resource: "Office",
    column: listingSync.office_watermark,
    store: async (records) => {
      await upsertOffices(db, records, run.now());
    },
    versions: () => storedOfficeVersions(db),
    remove: (keys) => removeOffices(db, keys),
  };
}

/**
 * One resource in the documented flow: the whole resource when nothing was ever loaded (oldest
 * change first, the watermark following each page so a load cut short resumes as an
 * increment), else the changes since the watermark; and, when `fullCheck`, the complete key
 * list (see checkRemovals). Returns whether the complete list was compared (a full load counts).
 */
export async function replicate<T>(run: ReplicationRun, replica: Replica<T>, watermark: Date | null, fullCheck: boolean): Promise<boolean> {
  let checked = false;
  if (!watermark) {
    let newest: Date | null = null;
    const order = ["ModificationTimestamp asc", `${DDF_RESOURCES[replica.resource].key} asc`];
    for await (const page of run.client.records(replica.resource, { orderBy: order, top: 100 }, run.call)) {
      await replica.store(page as T[]);
      newest = (page as { ModificationTimestamp: string }[]).reduce<Date | null>(
        (m, r) => maxDate(m, new Date(r.ModificationTimestamp)),
        newest,
      );
      await run.checkpoint(newest, replica.column);
    }
    // The load saw every key that existed when it began: removals are counted from then.
    if (newest) checked = true;
    else await run.checkpoint(run.started, replica.column);
  } else {
    await run.checkpoint();
    await fetchEntries(run, replica, await run.client.replication(replica.resource, watermark, run.call));
  }
  if (!fullCheck || checked) return checked;
  await checkRemovals(run, replica);
  return true;
}

/**
 * Compares the complete key list with ours: whatever is stored but no longer in the feed is
 * removed (the DDF rules allow 24 hours), whatever the feed has newer than ours is fetched again.
 */
async function checkRemovals<T>(run: ReplicationRun, replica: Replica<T>): Promise<void> {
  if (replica.resource === "Property") run.progress.phase = "removals";
  await run.checkpoint();
  const feed = await run.client.replication(replica.resource, undefined, run.call);
  const ours = await replica.versions();
  // An empty list from a feed that had records is far likelier a glitch than a market that
  // emptied: removing everything on its word would take every page down.
  if (feed.length === 0 && ours.size > 0)
    throw new DdfError(`the feed listed no ${replica.resource === "Property" ? "listings" : "offices"} at all; nothing was removed`);
  const inFeed = new Set(feed.map((e) => e.key));
  const gone = [...ours.keys()].filter((k) => !inFeed.has(k));
  for (let i = 0; i < gone.length; i += 1000) {
    const removed = await replica.remove(gone.slice(i, i + 1000));
    if (replica.resource === "Property") run.progress.removed += removed;
  }
  await run.checkpoint();
  // Changes the increments missed (a page shifted under a full load, equal timestamps).
  await fetchEntries(
    run,
    replica,
    feed.filter((e) => (ours.get(e.key) ?? -1) < Date.parse(e.ModificationTimestamp)),
  );
  await run.checkpoint(
    feed.reduce<Date | null>((m, e) => maxDate(m, new Date(e.ModificationTimestamp)), null),
    replica.column,
  );
}

/**
 * Fetches entries by key, 100 at a time, oldest first. After each batch the watermark moves to
 * the newest timestamp whose every entry is handled (stored, or skipped as not displayable):
 * not to a stored record's own timestamp, which may be newer than entries still to come.
 */
async function fetchEntries<T>(run: ReplicationRun, replica: Replica<T>, entries: ReplicationEntry[]): Promise<void> {
  const sorted = [...entries].sort((a, b) => Date.parse(a.ModificationTimestamp) - Date.parse(b.ModificationTimestamp));
  for (let i = 0; i < sorted.length; i += 100) {
    const batch = sorted.slice(i, i + 100);
    await replica.store(
      (await run.client.recordsByKeys(
        replica.resource,
        batch.map((e) => e.key),
        run.call,
      )) as T[],
    );
    await run.checkpoint(handledUpTo(sorted, i + batch.length), replica.column);
  }
}

/** The timestamp up to which every entry of `sorted` (oldest first) is handled, after the first `done`. */
export function handledUpTo(sorted: readonly ReplicationEntry[], done: number): Date | null {
  const next = sorted[done];
  const nextTime = next ? Date.parse(next.ModificationTimestamp) : null;
  let i = done - 1;
  // Entries still to come with the same timestamp would be skipped by "gt": stop before them.
  while (i >= 0 && Date.parse(sorted[i]!.ModificationTimestamp) === nextTime) i--;
  return i >= 0 ? new Date(Date.parse(sorted[i]!.ModificationTimestamp)) : null;
}

function maxDate(a: Date | null, b: Date): Date {
  return a && a.getTime() >= b.getTime() ? a : b;
}
