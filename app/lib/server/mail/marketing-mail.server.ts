/**
 * What every marketing mail (the listing alert, the monthly home report) has, written once. Under
 * CASL it names the sender (agent, brokerage, mailing address), says why it is received, links to
 * manage and to unsubscribe, and carries List-Unsubscribe with the one-click POST of RFC 8058; the
 * outbox job checks the consent ledger before it is sent (outbox-job.server.ts). Its payload's
 * links all stand on the site's own origin (the one of the unsubscribe link).
 *
 * The HTML is what mail programs render alike (Outlook's Word engine included): nested
 * role=presentation tables with width attributes, inline styles only, no classes, no scripts.
 */
import { formatAddress, site } from "~/content/site";
import type { MalformedPayloadError } from "./mail-text.server";
import { type OutgoingEmail, escapeHtml, isPlainAddress, oneLine, siteLink, str, webLink } from "./mail-text.server";
import type { OutboxNotification } from "./outbox.server";

/** What every marketing mail's payload holds beside its own content. */
export interface MarketingPayload {
  name: string | null;
  manageUrl: string;
  unsubscribeUrl: string;
}

/** Who a marketing mail goes to and its links, every one checked. */
export interface MarketingEnvelope extends MarketingPayload {
  /** The origin every link of the mail shares. */
  origin: string;
  address: string;
}

/**
 * Reads the envelope of a marketing mail's payload; `onSite` reads the mail's other links (a link
 * on the origin, else a MalformedPayloadError from `bad`).
 */
export function marketingEnvelopeOf(
  n: Pick<OutboxNotification, "recipient">,
  p: Record<string, unknown>,
  bad: (why: string) => MalformedPayloadError,
): MarketingEnvelope & { onSite: (value: unknown, what: string) => string } {
  const address = oneLine(str(n.recipient));
  if (!isPlainAddress(address)) throw bad("no valid address to send it to");
  const unsubscribeUrl = webLink(p.unsubscribeUrl);
  // Without a working unsubscribe link a marketing mail must not go at all.
  if (!unsubscribeUrl) throw bad("no unsubscribe link");
  const origin = new URL(unsubscribeUrl).origin;
  const onSite = (value: unknown, what: string): string => {
    const url = siteLink(value, origin);
    if (!url) throw bad(`${what} is not a link on ${origin}`);
    return url;
  };
  const manageUrl = onSite(p.manageUrl, "the manage link");
  return { name: oneLine(str(p.name)) || null, manageUrl, unsubscribeUrl, origin, address, onSite };
}

export const FONT = "font-family:Arial,Helvetica,sans-serif";
export const link = (href: string, label: string, style = "color:#1d4ed8") =>
  `<a href="${escapeHtml(href)}" style="${style}">${escapeHtml(label)}</a>`;
/** A paragraph with its own margins (Outlook ignores CSS defaults): 4px above unless `style` sets them. */
export const para = (html: string, style = "") =>
  `<p style="${/(^|;)margin:/.test(style) ? style : `margin:4px 0 0${style ? `;${style}` : ""}`}">${html}</p>`;

const sender = () => [`${site.agent.name}, ${site.agent.title}`, site.brokerage.name, formatAddress(), site.agent.phone];

/** A marketing mail's own parts: between the greeting and the footer, and the footer's words. */
export interface MarketingParts {
  subject: string;
  /** What the inbox list shows after the subject, if anything. */
  preheader?: string;
  /** Text lines after the greeting, ending with an empty line. */
  text: string[];
  /** Table rows after the greeting, each ending in a newline. */
  html: string;
  /** Why it is received. */
  why: string;
  /** The manage link's words ("Manage your alerts"). */
  manageLabel: string;
}

function textOf(m: MarketingEnvelope, parts: MarketingParts): string {
  return [
    `Hi ${m.name ?? "there"},`,
    "",
    `${parts.subject}.`,
    "",
    ...parts.text,
    "-- ",
    parts.why,
    `${parts.manageLabel}: ${m.manageUrl}`,
    `Unsubscribe: ${m.unsubscribeUrl}`,
    "",
    ...sender(),
    "",
  ].join("\n");
}

function htmlOf(m: MarketingEnvelope, parts: MarketingParts): string {
  const preheader =
    parts.preheader === undefined
      ? ""
      : `<div style="display:none;max-height:0;max-width:0;overflow:hidden;opacity:0;mso-hide:all;font-size:1px;line-height:1px;color:#f1f5f9">${escapeHtml(parts.preheader)}</div>\n`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="x-apple-disable-message-reformatting"><title>${escapeHtml(parts.subject)}</title></head>
<body style="margin:0;padding:0;background-color:#f1f5f9">
${preheader}<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f1f5f9"><tr><td align="center" style="padding:24px 8px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background-color:#ffffff;border-collapse:collapse">
<tr><td style="padding:24px 24px 4px;${FONT};font-size:15px;line-height:1.5;color:#0f172a">${para(escapeHtml(`Hi ${m.name ?? "there"},`), "margin:0")}${para(escapeHtml(`${parts.subject}.`), "margin:8px 0 0")}</td></tr>
${parts.html}<tr><td style="padding:16px 24px 24px;border-top:1px solid #e2e8f0;${FONT};font-size:13px;line-height:1.5;color:#475569">
${para(escapeHtml(parts.why), "margin:0")}
${para(`${link(m.manageUrl, parts.manageLabel)} · ${link(m.unsubscribeUrl, "Unsubscribe")}`, "margin:8px 0 0")}
${para(sender().map(escapeHtml).join("<br>"), "margin:8px 0 0")}
</td></tr>
</table>
</td></tr></table>
</body></html>
`;
}

export function marketingEmail(
  n: Pick<OutboxNotification, "id" | "message_id" | "created_at">,
  m: MarketingEnvelope,
  parts: MarketingParts,
): OutgoingEmail {
  return {
    // The address only, as for every visitor's mail (decision 042).
    to: m.address,
    replyTo: { name: site.agent.name, address: site.agent.email },
    subject: parts.subject,
    text: textOf(m, parts),
    html: htmlOf(m, parts),
    messageId: n.message_id,
    date: n.created_at,
    // RFC 2369 and 8058: the mail program's own unsubscribe button, a POST to the same link. No
    // Auto-Submitted: it is no automatic reply, and some programs hide the button on those.
    headers: {
      "List-Unsubscribe": `<${m.unsubscribeUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      "X-Notification-Id": String(n.id),
    },
  };
}
