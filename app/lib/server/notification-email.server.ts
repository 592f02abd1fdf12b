/**
 * The agent's notification e-mail for one outbox row: subject, plain text and HTML with every
 * submitted field (HTML-escaped), the source, a Reply-To of the visitor.
 */
import { site } from "~/content/site";
import { SERVICE_LABELS, isServiceType } from "../schemas/services";
import type { OutboxNotification } from "./outbox.server";

export interface NotificationEmail {
  subject: string;
  text: string;
  html: string;
  replyTo: { name: string; address: string };
  messageId: string;
  date: Date;
}

type Field = [label: string, value: string];

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** Header values must stay on one line whatever the visitor typed. */
function oneLine(value: string): string {
  return value.replace(/[\r\n\t\u2028\u2029]+/g, " ").replace(/\s{2,}/g, " ").trim();
}

function str(value: unknown): string {
  return typeof value === "string" ? value : value == null ? "" : String(value);
}

/**
 * Built once: `toLocaleString` with options builds a new formatter (time-zone data included) on
 * every call, about 0.15 ms, once per mail sent; `format` on a kept one costs a few microseconds.
 */
const edmontonTimestamp = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Edmonton", dateStyle: "long", timeStyle: "short" });

function timestampIn(value: string | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return str(value);
  return `${edmontonTimestamp.format(date)} (Edmonton time)`;
}

/** The home of a listing page's inquiry, from the payload (a snapshot taken when it was sent). */
function listingOf(value: unknown): { address: string; mlsNumber: string; url: string } | null {
  if (!value || typeof value !== "object") return null;
  const l = value as Record<string, unknown>;
  const path = str(l.path);
  const url = oneLine(str(l.url));
  return {
    address: oneLine(str(l.address)),
    mlsNumber: oneLine(str(l.mlsNumber)),
    // The page's absolute address as the route saw it (this module runs in the worker, which has no
    // site URL of its own); only a listing page of the site, never another address.
    url: path.startsWith("/listings/") && /^https?:\/\/[^/]+\/listings\//.test(url) ? url : path,
  };
}

export function buildNotificationEmail(n: OutboxNotification): NotificationEmail {
  const p = (n.payload ?? {}) as Record<string, unknown>;
  const submittedAt = str(p.submittedAt) || n.created_at.toISOString();
  let name: string;
  let email: string;
  let subject: string;
  let fields: Field[];
  let longField: Field | null;
  let intro: string;

  if (n.kind === "lead") {
    name = oneLine(str(p.fullName));
    email = oneLine(str(p.email));
    const service = isServiceType(p.serviceType) ? SERVICE_LABELS[p.serviceType] : str(p.serviceType);
    subject = `New lead: ${name} (${service})`;
    intro = `A new lead came in through the welcome page of your website.`;
    fields = [
      ["Name", name],
      ["Email", email],
      ["Phone", str(p.phone)],
      ["Service", `${service} (${str(p.serviceType)})`],
      ["Source", n.source],
      ["Lead ID", str(p.leadId)],
      ["Submitted", timestampIn(submittedAt)],
    ];
    longField = ["Comments", str(p.comments) || "(none)"];
  } else {
    name = oneLine(str(p.name));
    email = oneLine(str(p.email));
    const home = listingOf(p.listing);
    subject = home ? `New question about ${home.address} from ${name}` : `New contact message from ${name}`;
    intro = home ? `Someone asked about a home from its page on your website.` : `Someone sent a message through the contact form of your website.`;
    fields = [
      ["Name", name],
      ["Email", email],
      ["Phone", str(p.phone) || "(not given)"],
      ...(home
        ? ([
            ["Home", home.address],
            ["MLS® number", home.mlsNumber || "(not given)"],
            ["Listing page", home.url],
          ] satisfies Field[])
        : []),
      ["Source", n.source],
      ["Contact ID", str(p.contactId)],
      ["Submitted", timestampIn(submittedAt)],
    ];
    longField = ["Message", str(p.message) || "(no message)"];
  }

  const width = Math.max(...fields.map(([label]) => label.length)) + 1;
  const text = [
    intro,
    "",
    ...fields.map(([label, value]) => `${`${label}:`.padEnd(width)} ${value}`),
    "",
    `${longField[0]}:`,
    longField[1],
    "",
    `Reply to this e-mail to answer ${name} directly.`,
    `-- ${site.agent.name}'s website`,
    "",
  ].join("\n");

  const rows = fields
    .map(
      ([label, value]) =>
        `<tr><th align="left" style="padding:4px 12px 4px 0;vertical-align:top">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join("\n");
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#0f172a">
<p>${escapeHtml(intro)}</p>
<table role="presentation" style="border-collapse:collapse">
${rows}
</table>
<h2 style="font-size:16px;margin:16px 0 4px">${escapeHtml(longField[0])}</h2>
<p style="white-space:pre-wrap;margin:0">${escapeHtml(longField[1])}</p>
<p style="color:#475569">Reply to this e-mail to answer ${escapeHtml(name)} directly.</p>
</body></html>
`;

  return {
    subject: oneLine(subject),
    text,
    html,
    replyTo: { name, address: email },
    messageId: n.message_id,
    date: new Date(submittedAt),
  };
}
