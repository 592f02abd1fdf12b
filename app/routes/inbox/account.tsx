/**
 * /inbox/account: passkeys, the password, set-up links for an assistant (open ones listed and
 * revocable), the accounts (another can be removed, never the last), recent sign-ins (successes
 * apart from failures, throttled attempts counted per day), the lead notifications' delivery, the
 * listings feed's sync (when the feed is on), the assessment roll's import (when the roll is on), and "Sign out everywhere".
 */
import { Form, data, redirect, useSearchParams } from "react-router";
import { HealthSection } from "~/components/inbox/health-section";
import { ShowingsSection } from "~/components/inbox/showings-section";
import { timeOffText, weekdayHoursText } from "~/lib/availability-form";
import { absoluteUrl } from "~/lib/site-url";
import { answerShowingForm, showingForms } from "~/lib/server/showings/account-forms.server";
import { readShowingSettings } from "~/lib/server/showings/settings.server";
import { ListingsFeedSection } from "~/components/inbox/listings-feed-section";
import { AssessmentRollSection } from "~/components/inbox/assessment-roll-section";
import { AccessSection } from "~/components/inbox/access-section";
import { PasskeysSection } from "~/components/inbox/passkeys-section";
import { PushSection } from "~/components/inbox/push-section";
import { SignInList } from "~/components/inbox/sign-in-list";
import { inboxMeta, InboxSection, Notice, RULED } from "~/components/inbox/inbox-ui";
import { TextField } from "~/components/forms/fields";
import { Button } from "~/components/ui/button";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, PASSWORD_HINT } from "~/lib/inbox";
import { type FormResult, formDone, formSuccess } from "~/lib/form-result";
import * as z from "zod/mini";
import { formText, normaliseEmail } from "~/lib/schemas/fields";
import { LIMITS } from "~/lib/schemas/limits";
import {
  checkPassword,
  createInvite,
  inviteLink,
  listAccounts,
  listOpenInvites,
  passwordProblem,
  removeAccount,
  revokeInvite,
  setPassword,
  signInHistory,
} from "~/lib/server/inbox/accounts.server";
import { deviceTokenFrom, forgetDevices, knownDevice } from "~/lib/server/inbox/devices.server";
import { requirePageSession, requireSession, retryAfterHeaders } from "~/lib/server/inbox/guard.server";
import { listPasskeys, removePasskey } from "~/lib/server/inbox/passkeys.server";
import { listingSyncStatus } from "~/lib/server/listings/sync-status.server";
import { rollStatus } from "~/lib/server/assessments/import.server";
import { clearedSessionCookie, countSessions, endAllSessions } from "~/lib/server/inbox/sessions.server";
import { outboxCounts } from "~/lib/server/mail/outbox.server";
import { positiveId, readForm } from "~/lib/server/http/request-body.server";
import { answerPushForm, pushForms } from "~/lib/server/push/account-forms.server";
import { hidesDetails, listDevices } from "~/lib/server/push/devices.server";
import { serverOf } from "~/router-context";
import type { Route } from "./+types/account";

/** A 429 keeps its Retry-After. */
export const headers = retryAfterHeaders;

export const meta: Route.MetaFunction = () => inboxMeta("Account");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { account } = requirePageSession(request, context);
  const { inbox, listings, assessments } = serverOf(context);
  const db = inbox.db;
  const [passkeys, accounts, invites, signIns, sessions, notifications, listingsFeed, devices, hideDetails, health] = await Promise.all([
    listPasskeys(db, account.id),
    listAccounts(db),
    listOpenInvites(db),
    signInHistory(db),
    countSessions(db, account.id),
    outboxCounts(db),
    listings ? listingSyncStatus(listings.db) : null,
    listDevices(db, account.id),
    hidesDetails(db, account.id),
    inbox.health ? inbox.health() : [],
  ]);
  const push = { publicKey: inbox.push.publicKey, hideDetails, devices };
  // The City's assessment roll (issue 42), with ASSESSMENTS on.
  const roll = assessments ? await rollStatus(assessments.db) : null;
  const settings = await readShowingSettings(db);
  const a = settings.availability;
  const showings = {
    numbers: { lengthMinutes: a.lengthMinutes, bufferMinutes: a.bufferMinutes, aheadDays: a.aheadDays, noticeMinutes: a.noticeMinutes },
    hours: weekdayHoursText(a.weekly),
    timeOff: timeOffText(a.timeOff),
    feedUrl: settings.feedToken ? absoluteUrl(`/calendar/showings/${settings.feedToken}.ics`) : null,
    calendarUrl: settings.calendarUrl ?? "",
  };
  return { account, passkeys, accounts, invites, signIns, sessions, notifications, listingsFeed, push, health, roll, showings };
}

/** The sections of the page a refusal is shown in (none: above them all). */
type Section = "invite" | "password" | "accounts" | "push" | "showings";
/** The action's answer: a success says what was done or carries the new set-up link, shown once. */
type AccountResult = FormResult<never, never, Section, { link: string; expiresAt: Date }>;
const answer = (result: AccountResult, status = 200) => data(result, { status });
const refuse = (message: string, status: number, section?: Section) => answer({ status: "error", message, values: null, section }, status);

/** The account page's forms, one per intent. */
const accountForms = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("invite"), email: formText(LIMITS.email) }),
  z.object({ intent: z.literal("revoke-invite"), id: formText(64) }),
  z.object({ intent: z.literal("remove-account"), id: formText(20) }),
  z.object({
    intent: z.literal("change-password"),
    current: formText(MAX_PASSWORD_LENGTH, { trim: false }),
    password: formText(MAX_PASSWORD_LENGTH, { trim: false }),
  }),
  z.object({ intent: z.literal("remove-passkey"), id: formText(1000) }),
  z.object({ intent: z.literal("sign-out-everywhere") }),
  ...pushForms,
  ...showingForms,
]);

export async function action({ request, context }: Route.ActionArgs) {
  const session = requireSession(context);
  const { account } = session;
  const { inbox, clientIp } = serverOf(context);
  const { db, siteUrl, secureCookies, throttle } = inbox;
  const read = await readForm(request, accountForms);
  if (!read.ok) return refuse("Unknown action.", 400);
  const form = read.data;
  switch (form.intent) {
    case "invite": {
      // A link is made for one address: whoever opens it can create an account for that address only.
      const email = normaliseEmail(form.email);
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
        return refuse("Enter the e-mail address of the person the link is for.", 400, "invite");
      const { token, expiresAt } = await createInvite(db, { createdBy: account.id, email });
      return answer({ status: "success", made: { link: inviteLink(siteUrl, token), expiresAt } });
    }
    case "revoke-invite":
      return (await revokeInvite(db, form.id))
        ? answer(formDone("The set-up link no longer works."))
        : refuse("That set-up link was already used, revoked or expired.", 409, "invite");
    case "remove-account": {
      const id = positiveId(form.id);
      const outcome = id === null ? "missing" : await removeAccount(db, id, account);
      if (outcome === "removed") return answer(formDone("The account was removed; its sessions and passkeys no longer work."));
      const error = {
        self: "You cannot remove your own account here.",
        last: "The last account cannot be removed.",
        missing: "That account no longer exists.",
      }[outcome];
      return refuse(error, outcome === "missing" ? 404 : 409, "accounts");
    }
    case "change-password": {
      const { current, password: next } = form;
      const problem = await passwordProblem(next);
      if (problem) return refuse(problem, 400, "password");
      // The current password is a guess like any other: counted first, as on the sign-in page.
      const deviceToken = await deviceTokenFrom(request, secureCookies);
      const attempt = await throttle.password({
        email: account.email,
        address: clientIp,
        device: await knownDevice(db, deviceToken, account.email),
      });
      if (!attempt.allowed) return refuse("Too many wrong passwords. Try again later.", 429, "password");
      if (!(await checkPassword(db, account.email, current))) return refuse("Your current password is not right.", 400, "password");
      await attempt.succeeded();
      await setPassword(db, account.id, next);
      // Every other browser signed in to this account is signed out, and no longer trusted as a device.
      await endAllSessions(db, account.id, session.token);
      await forgetDevices(db, account.id, deviceToken);
      return answer(formDone("Your password was changed. Every other browser was signed out."));
    }
    case "remove-passkey":
      await removePasskey(db, account.id, form.id);
      return answer(formSuccess);
    case "push-subscribe":
    case "push-test":
    case "push-remove":
    case "push-details": {
      const push = await answerPushForm(form, inbox, account.id, request.headers.get("user-agent"));
      return "error" in push ? refuse(push.error, push.status, "push") : answer(formDone(push.done), push.status);
    }
    case "showing-availability":
    case "showing-feed-renew":
    case "showing-feed-revoke":
    case "showing-calendar": {
      const done = await answerShowingForm(form, db, inbox.calendar);
      return "error" in done ? refuse(done.error, done.status, "showings") : answer(formDone(done.done), done.status);
    }
    case "sign-out-everywhere":
      await endAllSessions(db, account.id);
      throw redirect("/inbox/sign-in?signed-out", { headers: { "Set-Cookie": await clearedSessionCookie(secureCookies) } });
  }
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { account, passkeys, accounts, invites, signIns, sessions, notifications, listingsFeed, health } = loaderData;
  const [params] = useSearchParams();
  const welcome = params.has("welcome");
  const refusal = actionData?.status === "error" ? actionData : null;
  const done = actionData?.status === "success" ? actionData : null;
  const notice = (section: Section) => (refusal?.section === section ? <Notice tone="error">{refusal.message}</Notice> : null);
  return (
    <div>
      <h1 className="text-2xl font-bold">{welcome ? `Welcome, ${account.name}` : "Account"}</h1>
      {welcome && (
        <p className="mt-2">
          Your account is ready. Add a passkey to sign in with your fingerprint, face or screen lock instead of typing your password.
        </p>
      )}
      {done?.message && (
        <div className="mt-4" role="status">
          <Notice tone="info">{done.message}</Notice>
        </div>
      )}
      {refusal && !refusal.section && (
        <div className="mt-4">
          <Notice tone="error">{refusal.message}</Notice>
        </div>
      )}

      <PasskeysSection passkeys={passkeys} prominent={welcome || passkeys.length === 0} />

      <PushSection push={loaderData.push} notice={notice("push")} />

      <ShowingsSection data={loaderData.showings} notice={notice("showings")} />

      <AccessSection accountId={account.id} accounts={accounts} invites={invites} invite={done?.made ?? null} notice={notice} />

      <InboxSection name="password" title="Password" className={RULED} large>
        <p className="mt-2 text-ink-muted">Changing it signs out every other browser signed in to your account.</p>
        {notice("password")}
        <Form method="post" className="mt-3 max-w-md space-y-4">
          <input type="hidden" name="intent" value="change-password" />
          <TextField
            id="current-password"
            name="current"
            type="password"
            label="Current password"
            required
            autoComplete="current-password"
            maxLength={MAX_PASSWORD_LENGTH}
          />
          <TextField
            id="new-password"
            name="password"
            type="password"
            label="New password"
            required
            autoComplete="new-password"
            minLength={MIN_PASSWORD_LENGTH}
            maxLength={MAX_PASSWORD_LENGTH}
            hint={PASSWORD_HINT}
          />
          <Button type="submit" variant="secondary">
            Change password
          </Button>
        </Form>
      </InboxSection>

      <InboxSection name="mail" title="Lead e-mails" className={RULED} large>
        <p className="mt-2">
          Sent {notifications.sent}, waiting {notifications.pending + notifications.sending}, failed {notifications.failed}.
        </p>
        {notifications.failed > 0 && (
          <Notice tone="error">Some lead e-mails failed. Open the person and use “Send again” once the mail settings are fixed.</Notice>
        )}
      </InboxSection>

      {listingsFeed && <ListingsFeedSection feed={listingsFeed} />}

      {loaderData.roll && <AssessmentRollSection roll={loaderData.roll} />}

      {health.length > 0 && <HealthSection health={health} />}

      <InboxSection name="sign-ins" title="Recent sign-ins" className={RULED} large>
        <p className="mt-1 text-sm text-ink-muted">
          {signIns.successes.length === 1
            ? "The last successful sign-in."
            : `The last ${signIns.successes.length} successful sign-ins, newest first.`}
        </p>
        <SignInList rows={signIns.successes} testId="sign-ins" />
        <h3 className="mt-5 font-bold">Failed attempts</h3>
        {signIns.throttled.length > 0 && (
          <p className="mt-1 text-sm" data-testid="throttled-counts">
            Refused without a check, too many in a row:{" "}
            {signIns.throttled.map((t, i) => (
              <span key={t.day}>
                {i > 0 && ", "}
                {t.count} on {t.day}
              </span>
            ))}
            .
          </p>
        )}
        {signIns.failures.length === 0 ? (
          <p className="mt-1 text-sm text-ink-muted">None.</p>
        ) : (
          <SignInList rows={signIns.failures} testId="failed-sign-ins" />
        )}
      </InboxSection>

      <InboxSection name="sessions" title="Signed-in browsers" className={RULED} large>
        <p className="mt-2">
          You are signed in on {sessions} browser{sessions === 1 ? "" : "s"}. Lost a phone? Sign out everywhere, then sign in again here.
        </p>
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="sign-out-everywhere" />
          <Button type="submit" variant="secondary">
            Sign out everywhere
          </Button>
        </Form>
      </InboxSection>
    </div>
  );
}
