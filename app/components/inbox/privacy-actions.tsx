/**
 * A person's privacy requests: export everything held about them (two files), and erase them. The
 * erasure is a plain form post with a required checkbox, so it works without JavaScript and never
 * happens by one stray tap; the action checks the box again.
 */
import { Form } from "react-router";
import { ERASE_CONFIRMATION } from "~/lib/inbox";
import { InboxSection } from "./inbox-ui";

export function PrivacyActions({ personId, busy }: { personId: number; busy: boolean }) {
  return (
    <InboxSection name="privacy" title="Privacy requests" className="mt-8">
      <p className="mt-1 text-sm text-ink-muted">
        When this person asks what the site holds about them, or asks to be forgotten. Each is recorded on the timeline.
      </p>
      <p className="mt-2 flex flex-wrap gap-3 text-sm">
        <a className="inline-flex min-h-11 items-center text-brand underline" href={`/inbox/people/${personId}/export.txt`} download>
          Export everything (readable text)
        </a>
        <a className="inline-flex min-h-11 items-center text-brand underline" href={`/inbox/people/${personId}/export.json`} download>
          Export everything (JSON)
        </a>
      </p>
      <details className="mt-2 rounded-md border border-line p-3">
        <summary className="min-h-11 cursor-pointer content-center font-bold text-danger">Erase this person…</summary>
        <Form method="post" className="mt-2 space-y-2 text-sm">
          <input type="hidden" name="intent" value="erase" />
          <p>
            Removes their name, e-mail, phone, everything they submitted, their saved searches and alerts, and your notes. Their address is
            kept only as a code on the do-not-mail list, so they are never mailed again. The status history and this erasure stay on the
            timeline, anonymous.
          </p>
          <label className="flex min-h-11 items-center gap-2 font-bold">
            <input type="checkbox" name="confirm" value="yes" required className="size-5" />
            {ERASE_CONFIRMATION}
          </label>
          <button type="submit" disabled={busy} className="min-h-11 rounded-md bg-danger px-4 font-bold text-on-brand">
            Erase for good
          </button>
        </Form>
      </details>
    </InboxSection>
  );
}
