import type { ListingSyncStatus } from "~/lib/listings-sync-status";
import { InboxSection, Notice, RULED, Time } from "./inbox-ui";

/** The DDF® feed's local copy: how big, how fresh, and what went wrong if the sync is failing. */
export function ListingsFeedSection({ feed }: { feed: ListingSyncStatus }) {
  const run = feed.lastRun;
  return (
    <InboxSection name="listings-feed" title="Listings feed" className={RULED} large testId="listings-feed">
      <p className="mt-2">
        {feed.stored} listing{feed.stored === 1 ? "" : "s"} on the site.{" "}
        {feed.lastSuccessAt ? (
          <>
            {/* No period after the time: it ends with "a.m." or "p.m." already. */}
            Last successful sync <Time date={feed.lastSuccessAt} />
          </>
        ) : (
          "No sync has finished yet."
        )}
      </p>
      {run && (
        <p className="mt-1 text-ink-muted">
          {feed.running ? `Syncing now (${run.phase ?? "starting"}): ` : `Last run${run.ok === false ? " (failed)" : ""}: `}
          {run.fetched} fetched, {run.upserted} updated, {run.removed} removed.
        </p>
      )}
      {feed.lastError && (
        <Notice tone="error">
          The last sync failed{feed.consecutiveFailures > 1 ? ` (${feed.consecutiveFailures} times in a row)` : ""}:{" "}
          {feed.lastError.replace(/\.$/, "")}. The listings already on the site stay online.
          {feed.nextRunAt && (
            <>
              {" "}
              Next try <Time date={feed.nextRunAt} />
            </>
          )}
        </Notice>
      )}
    </InboxSection>
  );
}
