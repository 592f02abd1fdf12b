import { Form } from "react-router";
import type { PasskeyRow } from "~/lib/inbox";
import { AddPasskey } from "./add-passkey";
import { InboxSection, Time } from "./inbox-ui";

/** The Account page's passkeys: each with when it was added and last used, a remove button, and "Add a passkey". */
export function PasskeysSection({ passkeys, prominent }: { passkeys: PasskeyRow[]; prominent: boolean }) {
  return (
    <InboxSection name="passkeys" title="Passkeys" className="mt-6" large>
      {passkeys.length === 0 ? (
        <p className="mt-2 text-ink-muted">No passkey yet.</p>
      ) : (
        <ul className="mt-2 space-y-2">
          {passkeys.map((k, i) => (
            <li key={k.id} className="flex flex-wrap items-center gap-3 rounded-md border border-line p-3">
              <span>
                Passkey {i + 1}, added <Time date={k.createdAt} />
                {k.lastUsedAt && (
                  <>
                    , last used <Time date={k.lastUsedAt} />
                  </>
                )}
              </span>
              <Form method="post" className="ml-auto">
                <input type="hidden" name="intent" value="remove-passkey" />
                <input type="hidden" name="id" value={k.id} />
                <button type="submit" className="min-h-11 px-2 text-sm font-bold text-danger underline">
                  Remove<span className="sr-only"> passkey {i + 1}</span>
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-3">
        <AddPasskey prominent={prominent} />
      </div>
    </InboxSection>
  );
}
