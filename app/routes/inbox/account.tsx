/**
 * /inbox/account: passkeys, set-up links for an assistant, the accounts, recent sign-ins (with
 * failures), the lead notifications' delivery, the listings feed's sync (when the feed is on),
 * and "Sign out everywhere".
 */
import { Form, data, redirect, useSearchParams } from "react-router";
import { AddPasskey } from "~/components/inbox/add-passkey";
import { Notice, Time, inboxMeta } from "~/components/inbox/inbox-ui";
import { TextField } from "~/components/forms/fields";
import { Button } from "~/components/ui/button";
import { INVITE_TTL_HOURS } from "~/lib/inbox";
import { createInvite, inviteLink, listAccounts, recentSignIns } from "~/lib/server/inbox/accounts.server";
import { requirePageSession, requireSession } from "~/lib/server/inbox/guard.server";
import { listPasskeys, removePasskey } from "~/lib/server/inbox/passkeys.server";
import { listingSyncStatus } from "~/lib/server/listings/sync-status.server";
import { clearedSessionCookie, countSessions, endAllSessions } from "~/lib/server/inbox/sessions.server";
import { outboxCounts } from "~/lib/server/outbox.server";
import type { ListingSyncStatus } from "~/lib/server/listings/sync-status.server";
import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = () => inboxMeta("Account");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { account } = await requirePageSession(request, context);
  const db = context.inbox.db;
  const [passkeys, accounts, signIns, sessions, notifications, listingsFeed] = await Promise.all([
    listPasskeys(db, account.id),
    listAccounts(db),
    recentSignIns(db, 30),
    countSessions(db, account.id),
    outboxCounts(db),
    context.listings ? listingSyncStatus(context.listings.db) : null,
  ]);
  return { account, passkeys, accounts, signIns, sessions, notifications, listingsFeed };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { account } = await requireSession(request, context);
  const { db, siteUrl, secureCookies } = context.inbox;
  const form = await request.formData();
  switch (form.get("intent")) {
    case "invite": {
      const email = String(form.get("email") ?? "").trim().slice(0, 320) || undefined;
      const { token, expiresAt } = await createInvite(db, { createdBy: account.id, email });
      return { invite: { link: inviteLink(siteUrl, token), expiresAt } };
    }
    case "remove-passkey":
      await removePasskey(db, account.id, String(form.get("id") ?? ""));
      return { invite: null };
    case "sign-out-everywhere":
      await endAllSessions(db, account.id);
      throw redirect("/inbox/sign-in?signed-out", { headers: { "Set-Cookie": clearedSessionCookie(secureCookies) } });
    default:
      return data({ invite: null }, { status: 400 });
  }
}

const section = "mt-8 border-t border-line pt-6";

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { account, passkeys, accounts, signIns, sessions, notifications, listingsFeed } = loaderData;
  const [params] = useSearchParams();
  const welcome = params.has("welcome");
  return (
    <div>
      <h1 className="text-2xl font-bold">{welcome ? `Welcome, ${account.name}` : "Account"}</h1>
      {welcome && <p className="mt-2">Your account is ready. Add a passkey to sign in with your fingerprint, face or screen lock instead of typing your password.</p>}

      <section className="mt-6" aria-labelledby="passkeys-heading">
        <h2 id="passkeys-heading" className="text-xl font-bold">
          Passkeys
        </h2>
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
          <AddPasskey prominent={welcome || passkeys.length === 0} />
        </div>
      </section>

      <section className={section} aria-labelledby="invite-heading">
        <h2 id="invite-heading" className="text-xl font-bold">
          Give someone access
        </h2>
        <p className="mt-2 text-ink-muted">A set-up link lets one person (an assistant) create their own account. It works once, for {INVITE_TTL_HOURS} hours.</p>
        <Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="invite" />
          <div className="min-w-64 flex-1">
            <TextField id="invite-email" name="email" type="email" label="Their e-mail" maxLength={320} />
          </div>
          <Button type="submit">Create a set-up link</Button>
        </Form>
        {actionData?.invite && (
          <div className="mt-3 rounded-md border border-line bg-surface-muted p-3">
            <p className="text-sm">
              Send this link to them (valid until <Time date={actionData.invite.expiresAt} />):
            </p>
            <p className="mt-1 break-all font-mono text-sm" data-testid="invite-link">
              {actionData.invite.link}
            </p>
          </div>
        )}
        <h3 className="mt-5 font-bold">Accounts</h3>
        <ul className="mt-2 space-y-1">
          {accounts.map((a) => (
            <li key={a.id}>
              {a.name} ({a.email}), since <Time date={a.createdAt} />, {a.passkeys} passkey{a.passkeys === 1 ? "" : "s"}
            </li>
          ))}
        </ul>
      </section>

      <section className={section} aria-labelledby="mail-heading">
        <h2 id="mail-heading" className="text-xl font-bold">
          Lead e-mails
        </h2>
        <p className="mt-2">
          Sent {notifications.sent}, waiting {notifications.pending + notifications.sending}, failed {notifications.failed}.
        </p>
        {notifications.failed > 0 && <Notice tone="error">Some lead e-mails failed. Open the person and use “Send again” once the mail settings are fixed.</Notice>}
      </section>

      {listingsFeed && <ListingsFeedSection feed={listingsFeed} />}

      <section className={section} aria-labelledby="sign-ins-heading">
        <h2 id="sign-ins-heading" className="text-xl font-bold">
          Recent sign-ins
        </h2>
        <p className="mt-1 text-sm text-ink-muted">The last 30 sign-ins and failed attempts, newest first.</p>
        <ul className="mt-2 divide-y divide-line border-y border-line text-sm" data-testid="sign-ins">
          {signIns.map((s) => (
            <li key={s.id} className="py-2">
              <p>
                <span className={`font-bold ${s.ok ? "" : "text-danger"}`}>{s.ok ? "Signed in" : `Failed (${s.reason ?? "unknown"})`}</span> · {s.method} ·{" "}
                <Time date={s.created_at} />
              </p>
              <p className="break-words text-ink-muted">
                {s.email ?? "no e-mail"} · {s.address ?? "unknown address"}
              </p>
              {s.user_agent && <p className="truncate text-ink-muted" title={s.user_agent}>{s.user_agent}</p>}
            </li>
          ))}
        </ul>
      </section>

      <section className={section} aria-labelledby="sessions-heading">
        <h2 id="sessions-heading" className="text-xl font-bold">
          Signed-in browsers
        </h2>
        <p className="mt-2">
          You are signed in on {sessions} browser{sessions === 1 ? "" : "s"}. Lost a phone? Sign out everywhere, then sign in again here.
        </p>
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="sign-out-everywhere" />
          <Button type="submit" variant="secondary">
            Sign out everywhere
          </Button>
        </Form>
      </section>
    </div>
  );
}

/** The DDF® feed's local copy: how big, how fresh, and what went wrong if the sync is failing. */
function ListingsFeedSection({ feed }: { feed: ListingSyncStatus }) {
  const run = feed.lastRun;
  return (
    <section className={section} aria-labelledby="listings-feed-heading" data-testid="listings-feed">
      <h2 id="listings-feed-heading" className="text-xl font-bold">
        Listings feed
      </h2>
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
          The last sync failed{feed.consecutiveFailures > 1 ? ` (${feed.consecutiveFailures} times in a row)` : ""}: {feed.lastError.replace(/\.$/, "")}. The listings already on the site stay
          online.
          {feed.nextRunAt && (
            <>
              {" "}
              Next try <Time date={feed.nextRunAt} />
            </>
          )}
        </Notice>
      )}
    </section>
  );
}
