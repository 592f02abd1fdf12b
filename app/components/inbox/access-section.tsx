import { Form } from "react-router";
import { TextField } from "~/components/forms/fields";
import { Button } from "~/components/ui/button";
import { INVITE_TTL_HOURS } from "~/lib/inbox";
import { LIMITS } from "~/lib/schemas/limits";
import { InboxSection, RULED, Time } from "./inbox-ui";

interface OpenInvite {
  id: string;
  email: string | null;
  createdBy: string | null;
  expiresAt: Date;
}
interface AccountRow {
  id: number;
  name: string;
  email: string;
  createdAt: Date;
  passkeys: number;
}

/** The Account page's "Give someone access": a set-up link for an assistant, the links not used yet (revocable), the accounts (another can be removed, never the last). */
export function AccessSection({
  accountId,
  accounts,
  invites,
  invite,
  notice,
}: {
  accountId: number;
  accounts: AccountRow[];
  invites: OpenInvite[];
  invite: { link: string; expiresAt: Date } | null;
  notice: (field: "invite" | "accounts") => React.ReactNode;
}) {
  return (
    <InboxSection name="invite" title="Give someone access" className={RULED} large>
      <p className="mt-2 text-ink-muted">
        A set-up link lets one person (an assistant) create their own account, with the e-mail address it was made for. It works once, for{" "}
        {INVITE_TTL_HOURS} hours.
      </p>
      {notice("invite")}
      <Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="invite" />
        <div className="min-w-64 flex-1">
          <TextField id="invite-email" name="email" type="email" label="Their e-mail" required maxLength={LIMITS.email} />
        </div>
        <Button type="submit">Create a set-up link</Button>
      </Form>
      {invite && (
        <div className="mt-3 rounded-md border border-line bg-surface-muted p-3">
          <p className="text-sm">
            Send this link to them (valid until <Time date={invite.expiresAt} />
            ):
          </p>
          <p className="mt-1 break-all font-mono text-sm" data-testid="invite-link">
            {invite.link}
          </p>
        </div>
      )}
      {invites.length > 0 && (
        <>
          <h3 className="mt-5 font-bold">Set-up links not used yet</h3>
          <ul className="mt-2 space-y-2" data-testid="open-invites">
            {invites.map((i) => (
              <li key={i.id} className="flex flex-wrap items-center gap-3 rounded-md border border-line p-3">
                <span className="min-w-0 break-words">
                  For {i.email ?? "any address"}
                  {i.createdBy ? `, made by ${i.createdBy}` : ""}, valid until <Time date={i.expiresAt} />
                </span>
                <Form method="post" className="ml-auto">
                  <input type="hidden" name="intent" value="revoke-invite" />
                  <input type="hidden" name="id" value={i.id} />
                  <button type="submit" className="min-h-11 px-2 text-sm font-bold text-danger underline">
                    Revoke<span className="sr-only"> the link for {i.email ?? "any address"}</span>
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </>
      )}
      <h3 className="mt-5 font-bold">Accounts</h3>
      {notice("accounts")}
      <ul className="mt-2 space-y-2" data-testid="accounts">
        {accounts.map((a) => (
          <li key={a.id} className="flex flex-wrap items-center gap-3">
            <span className="min-w-0 break-words">
              {a.name} ({a.email}), since <Time date={a.createdAt} />, {a.passkeys} passkey{a.passkeys === 1 ? "" : "s"}
              {a.id === accountId ? " (you)" : ""}
            </span>
            {a.id !== accountId && accounts.length > 1 && (
              <Form method="post" className="ml-auto">
                <input type="hidden" name="intent" value="remove-account" />
                <input type="hidden" name="id" value={a.id} />
                <button type="submit" className="min-h-11 px-2 text-sm font-bold text-danger underline">
                  Remove<span className="sr-only"> the account of {a.name}</span>
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
    </InboxSection>
  );
}
