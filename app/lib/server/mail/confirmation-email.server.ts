/**
 * The confirmation link of a listing-alert sign-up (double opt-in, issue 32): what the visitor
 * asked for, the link that confirms it, and that nothing is sent until it is used. Transactional:
 * it answers the visitor's own request and promotes nothing, so it is not checked against the
 * consent ledger (there is none yet) and carries no unsubscribe.
 */
import { site } from "~/content/site";
import { ALERT_FREQUENCIES, ALERT_KINDS, type AlertFrequency, type AlertKind } from "../../alert-values";
import {
  MalformedPayloadError,
  automaticMail,
  escapeHtml,
  htmlButton,
  htmlMail,
  htmlNote,
  isPlainAddress,
  oneLine,
  payloadFields,
  str,
  webLink,
} from "./mail-text.server";
import type { OutgoingEmail } from "./mail-text.server";
import type { OutboxNotification } from "./outbox.server";

/** What signUp queues (app/lib/server/alerts/subscriptions.server.ts). */
export interface ConfirmationPayload {
  /** The search's label ("Houses in Edmonton, 3+ bedrooms") or the watched home's address. */
  label: string;
  kind: AlertKind;
  frequency: AlertFrequency;
  /** `${siteUrl}/alerts/confirm/<token>`. */
  confirmUrl: string;
  /** As the visitor typed it, or null: kept with the sign-up, never written into the mail (decision 042). */
  name: string | null;
  /** The address already gets these alerts (at `from`): the link changes how often, it starts nothing new (issue 38). */
  change?: { from: AlertFrequency };
}

export const CONFIRMATION_SUBJECT = "Confirm your listing alerts";
export const CHANGE_SUBJECT = "Confirm the change to your listing alerts";
export const HOME_REPORT_SUBJECT = "Confirm your monthly home report";

/** How often, inside a sentence. */
export const FREQUENCY_PHRASES: Record<AlertFrequency, string> = {
  instant: "as they happen",
  daily: "once a day, at 7:00 a.m. Edmonton time",
  weekly: "once a week, on Saturdays at 7:00 a.m. Edmonton time",
  monthly: "once a month, on its first weekday at 7:00 a.m. Edmonton time",
};

const WHAT: Record<AlertKind, string> = {
  search: "new listings and price drops that match this search",
  watch: "this home's price changes, status changes and when it leaves the market",
  home: "a monthly report on this home: its estimated value and its neighbourhood's new listings, price changes and asking prices",
};

function isOneOf<T extends string>(values: readonly T[], value: unknown): value is T {
  return (values as readonly unknown[]).includes(value);
}

/** The payload checked field by field: a malformed one is refused with its reason, never half-written into a mail. */
export function confirmationPayloadOf(n: Pick<OutboxNotification, "id" | "kind" | "payload">): ConfirmationPayload {
  const p = payloadFields(n);
  const bad = (why: string) => new MalformedPayloadError(`Confirmation ${n.id}: ${why}`);
  const label = oneLine(str(p.label));
  if (!label) throw bad("no label");
  if (!isOneOf(ALERT_KINDS, p.kind)) throw bad(`unknown kind ${JSON.stringify(p.kind)}`);
  if (!isOneOf(ALERT_FREQUENCIES, p.frequency)) throw bad(`unknown frequency ${JSON.stringify(p.frequency)}`);
  const confirmUrl = webLink(p.confirmUrl);
  if (!confirmUrl || !/^https?:\/\/[^/]+\/alerts\/confirm\/[^/?#]+$/.test(confirmUrl)) throw bad("no confirmation link on the site");
  const change = p.change as { from?: unknown } | undefined;
  if (change !== undefined && (typeof change !== "object" || change === null || !isOneOf(ALERT_FREQUENCIES, change.from)))
    throw bad("malformed change");
  return {
    label,
    kind: p.kind,
    frequency: p.frequency,
    confirmUrl,
    name: oneLine(str(p.name)) || null,
    ...(change ? { change: { from: change.from as AlertFrequency } } : {}),
  };
}

export function buildConfirmationEmail(
  n: Pick<OutboxNotification, "id" | "kind" | "payload" | "message_id" | "created_at" | "recipient">,
): OutgoingEmail {
  const p = confirmationPayloadOf(n);
  const address = oneLine(str(n.recipient));
  if (!isPlainAddress(address)) throw new MalformedPayloadError(`Confirmation ${n.id}: no valid address to send it to`);
  const { agent, brokerage } = site;

  // No name: whoever signed up typed it, and this mail goes to an address not yet confirmed (decision 042).
  const greeting = "Hello,";
  const where = `on ${agent.name}'s website (${agent.name}, ${agent.title}, ${brokerage.name})`;
  const asked =
    p.kind === "watch" ? `Watch this home: ${p.label}` : p.kind === "home" ? `Monthly home report: ${p.label}` : `Your search: ${p.label}`;
  // A change of how often says so: these alerts already come, and nothing new starts.
  const ask = p.change
    ? `Please confirm the change to your listing alerts asked for ${where}.`
    : p.kind === "home"
      ? `Please confirm the monthly home report you asked for ${where}.`
      : `Please confirm the listing alerts you asked for ${where}.`;
  const what = p.change
    ? `You already receive ${WHAT[p.kind]}, ${FREQUENCY_PHRASES[p.change.from]}. Once you confirm, they will come ${FREQUENCY_PHRASES[p.frequency]}.`
    : `You will receive ${WHAT[p.kind]}, ${FREQUENCY_PHRASES[p.frequency]}.`;
  const nothingYet = p.change
    ? "Nothing changes until you confirm. If you did not ask for this, ignore this e-mail: your alerts stay as they are."
    : "Nothing is sent until you confirm. If you did not ask for this, ignore this e-mail: you will not hear from us again.";
  const subject = p.change ? CHANGE_SUBJECT : p.kind === "home" ? HOME_REPORT_SUBJECT : CONFIRMATION_SUBJECT;
  const button = p.change ? "Confirm the change" : "Confirm my listing alerts";
  const lifetime = "The link works for 7 days.";
  const signature = [`${agent.name}, ${agent.title}`, brokerage.name, agent.phone];

  const text = [
    greeting,
    "",
    ask,
    "",
    asked,
    what,
    "",
    "Confirm here:",
    p.confirmUrl,
    lifetime,
    "",
    nothingYet,
    "",
    "-- ",
    ...signature,
    "",
  ].join("\n");
  const html = htmlMail(
    subject,
    greeting,
    `<p>${escapeHtml(ask)}</p>
<p><strong>${escapeHtml(asked)}</strong><br>${escapeHtml(what)}</p>
${htmlButton(p.confirmUrl, button)}<p>${escapeHtml(lifetime)} ${escapeHtml(nothingYet)}</p>
${htmlNote(signature.join(" · "))}`,
  );

  return {
    // The address only: a display name would be text a stranger typed (decision 042).
    to: address,
    ...automaticMail(n, { replyTo: { name: agent.name, address: agent.email }, subject, text, html }),
  };
}
