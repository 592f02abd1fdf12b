/**
 * The visitor's acknowledgement, sent right after their submission: thanks, the promised reply
 * time in the spec's own words, who will answer and how to call, and what they sent.
 *
 * Nothing in it promotes anything (no listings, no newsletter, no invitation to sign up): a
 * reply to someone's own inquiry needs no marketing consent under CASL only as long as it stays
 * a reply. Its payload is the submission's snapshot (ContactPayload or LeadPayload).
 *
 * Nothing the visitor typed is in it (decision 042): the address it goes to was typed by whoever
 * filled in the form, so the name and the message would be a stranger's words mailed in the
 * agent's name to anyone. It greets no one by name, quotes nothing, and says only what the site
 * itself knows: which form, when, the home of a listing page, the service picked from the form's list.
 * Which form it acknowledges is its row's source, looked up in the forms' registry
 * (app/lib/server/leads/forms.server.ts), whose entry gives the texts below.
 */
import { site } from "~/content/site";
import type { OutboxNotification } from "./outbox.server";
import { edmontonTime, escapeHtml, htmlMail, isPlainAddress, oneLine, str, webLink } from "./mail-text.server";
import type { OutgoingEmail } from "./mail-text.server";

/** spec §8, the contact form's success toast, word for word. */
export const CONTACT_REPLY_PROMISE = "Thank you for contacting us. We'll get back to you within 24 hours.";
/**
 * The welcome form's toast (spec §8) promises only "soon"; the 24 hours are the contact form's
 * promise (spec §9), given here to every visitor as the agent answers both alike.
 */
/** A showing request: the agent confirms it, and the invitation follows (issue 44). */
export const SHOWING_REPLY_PROMISE = "Your showing time is held for you. You will get a calendar invitation as soon as it is confirmed.";
export const LEAD_REPLY_PROMISE = "We've received your information. We'll get back to you within 24 hours.";

/** No name: the one typed in the form may be anyone's words (decision 042). */
export const GREETING = "Hello,";

/** The home of a listing inquiry, from the snapshot; its link only when it is a listing page of a site. */
function homeOf(value: unknown): { address: string; mlsNumber: string; url: string | null } | null {
  if (!value || typeof value !== "object") return null;
  const l = value as Record<string, unknown>;
  const url = webLink(l.url);
  return {
    address: oneLine(str(l.address)),
    mlsNumber: oneLine(str(l.mlsNumber)),
    url: url && /^https?:\/\/[^/]+\/listings\//.test(url) ? url : null,
  };
}

/** What one form's acknowledgement says (its entry in the forms' registry). */
export interface AcknowledgementText {
  /** The reply promise, in the spec's own words. */
  promise: string;
  /** "We received your message": the subject's start and the sentence before the date. */
  received: string;
  /** The home of a listing page's inquiry, from the payload's `listing`. */
  home: boolean;
  /** A label the site itself chose from the payload (the welcome form's service), or "". */
  service?(payload: Record<string, unknown>): string;
  /** A line of the site's own about what was asked (a showing's time), or "". */
  detail?(payload: Record<string, unknown>): string;
}

export function acknowledgementEmail(
  n: Pick<OutboxNotification, "id" | "payload" | "message_id" | "created_at" | "recipient">,
  ack: AcknowledgementText,
): OutgoingEmail {
  const p = (n.payload ?? {}) as Record<string, unknown>;
  const address = oneLine(n.recipient ?? str(p.email));
  if (!isPlainAddress(address)) throw new Error(`Acknowledgement ${n.id}: no valid address to send it to`);
  const submittedAt = str(p.submittedAt) || n.created_at.toISOString();
  const home = ack.home ? homeOf(p.listing) : null;
  const { agent, brokerage } = site;

  const promise = ack.promise;
  const subject = home?.address
    ? ack.detail
      ? `${ack.received}: ${home.address}`
      : `Your question about ${home.address}`
    : `${ack.received}: ${agent.name}, ${agent.title}`;
  const service = ack.service?.(p) ?? "";
  const detail = ack.detail?.(p) ?? "";
  const received = `${ack.received} on ${edmontonTime(submittedAt)}.`;
  const homeLines = home?.address
    ? [`The home: ${home.address}${home.mlsNumber ? ` (MLS® ${home.mlsNumber})` : ""}`, ...(home.url ? [home.url] : [])]
    : [];
  const notYou = "If you did not write to us, someone else gave your address: you can ignore this e-mail.";
  const signature = [`${agent.name}, ${agent.title}`, brokerage.name, agent.phone];

  const text = [
    GREETING,
    "",
    promise,
    "",
    `${agent.firstName} will answer you personally. To talk sooner, call ${agent.phone}.`,
    "",
    received,
    ...homeLines,
    ...(service ? [`Service: ${service}`] : []),
    ...(detail ? [detail] : []),
    "",
    notYou,
    "",
    "-- ",
    ...signature,
    "",
  ].join("\n");

  const homeHtml = home?.address
    ? `<p>The home: ${home.url ? `<a href="${escapeHtml(home.url)}">${escapeHtml(home.address)}</a>` : escapeHtml(home.address)}${home.mlsNumber ? ` (MLS® ${escapeHtml(home.mlsNumber)})` : ""}</p>\n`
    : "";
  const html = htmlMail(
    subject,
    GREETING,
    `<p>${escapeHtml(promise)}</p>
<p>${escapeHtml(agent.firstName)} will answer you personally. To talk sooner, call <a href="${escapeHtml(agent.phoneHref)}">${escapeHtml(agent.phone)}</a>.</p>
<p>${escapeHtml(received)}</p>
${homeHtml}${service ? `<p>Service: ${escapeHtml(service)}</p>\n` : ""}${detail ? `<p>${escapeHtml(detail)}</p>\n` : ""}<p style="color:#475569">${escapeHtml(notYou)}</p>
<p style="color:#475569">${signature.map(escapeHtml).join("<br>")}</p>
`,
  );

  return {
    // The address only: a display name would be text a stranger typed (decision 042).
    to: address,
    replyTo: { name: agent.name, address: agent.email },
    subject: oneLine(subject),
    text,
    html,
    messageId: n.message_id,
    date: n.created_at,
    // RFC 3834: marks it as an automatic reply, so the visitor's own autoresponder does not answer it.
    headers: { "Auto-Submitted": "auto-replied", "X-Auto-Response-Suppress": "All", "X-Notification-Id": String(n.id) },
  };
}
