/** A person's consent ledger (CASL): every event, newest first, with the exact text they agreed to. */
import type { ConsentLedgerEntry } from "~/lib/inbox";
import { InboxSection, Time } from "./inbox-ui";

const KIND_LABELS: Record<ConsentLedgerEntry["kind"], string> = {
  express: "Express consent",
  implied: "Implied consent",
  withdrawal: "Withdrawal",
};

export function ConsentLedger({ entries, now }: { entries: ConsentLedgerEntry[]; now: Date }) {
  if (entries.length === 0) return null;
  return (
    <InboxSection name="consent" title="Consent ledger" className="mt-8">
      <ol className="mt-2 space-y-3" data-testid="consent-ledger">
        {entries.map((e, i) => (
          <li key={i} className="rounded-md border border-line p-3 text-sm">
            <p>
              <strong>{KIND_LABELS[e.kind]}</strong> · {e.basis} · recorded <Time date={e.createdAt} />
            </p>
            <dl className="mt-1 grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1">
              {e.givenAt && (
                <>
                  <dt className="font-bold">Given</dt>
                  <dd>
                    <Time date={e.givenAt} />
                  </dd>
                </>
              )}
              {e.version && (
                <>
                  <dt className="font-bold">Text version</dt>
                  <dd className="break-words">{e.version}</dd>
                </>
              )}
              {(e.address || e.userAgent) && (
                <>
                  <dt className="font-bold">From</dt>
                  <dd className="break-words">
                    {e.address ?? "an unknown address"}
                    {e.userAgent ? ` (${e.userAgent})` : ""}
                  </dd>
                </>
              )}
              {e.expiresAt && (
                <>
                  <dt className="font-bold">{e.expiresAt.getTime() > now.getTime() ? "Expires" : "Expired"}</dt>
                  <dd>
                    <Time date={e.expiresAt} />
                  </dd>
                </>
              )}
            </dl>
            {e.text && (
              <blockquote className="mt-2 border-l-2 border-line pl-2 whitespace-pre-wrap break-words italic">{e.text}</blockquote>
            )}
          </li>
        ))}
      </ol>
    </InboxSection>
  );
}
