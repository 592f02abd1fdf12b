/**
 * What every mail builder does to the text it is given (HTML escaping, header values on one line,
 * Edmonton times, links that are only web links) and the pieces the agent's mails are made of.
 */

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** Header values must stay on one line whatever the visitor typed. */
export function oneLine(value: string): string {
  return value
    .replace(/[\r\n\t\u2028\u2029]+/g, " ")
    .replace(/\s{2,}/g, " ")
    .trim();
}

/** A payload's field as text: "" for nothing. */
export function str(value: unknown): string {
  return typeof value === "string" ? value : value == null ? "" : String(value);
}

/**
 * Built once: `toLocaleString` with options builds a new formatter (time-zone data included) on
 * every call, about 0.15 ms, once per mail sent; `format` on a kept one costs a few microseconds.
 */
const edmontonTimestamp = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Edmonton", dateStyle: "long", timeStyle: "short" });

/** "November 23, 2026 at 11:30 a.m. (Edmonton time)"; what it was given when it is no date. */
export function edmontonTime(value: string | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return str(value);
  return `${edmontonTimestamp.format(date)} (Edmonton time)`;
}

/** One mailbox, nothing a header parser could read as a second one (a comma, a group, a comment). */
export function isPlainAddress(value: string): boolean {
  return /^[^\s@,;:<>"()[\]\\]+@[^\s@,;:<>"()[\]\\]+\.[^\s@,;:<>"()[\]\\]+$/.test(value);
}

/** An address safe to put in a link: http(s) and absolute, else nothing. */
export function webLink(value: unknown): string | null {
  const url = oneLine(str(value));
  return /^https?:\/\/[^\s/"'<>]+\/[^\s"'<>]*$/.test(url) ? url : null;
}

/**
 * A payload a mail cannot be written from (a producer's bug, a hand-edited row): the outbox job
 * records it as a failure at once, since retrying would write the same nothing.
 */
export class MalformedPayloadError extends Error {
  override name = "MalformedPayloadError";
}

/** A row's payload as an object of unknown fields, or a MalformedPayloadError naming the row. */
export function payloadFields(n: { id: number; kind: string; payload: unknown }): Record<string, unknown> {
  if (!n.payload || typeof n.payload !== "object" || Array.isArray(n.payload))
    throw new MalformedPayloadError(`Outbox row ${n.id} (${n.kind}): the payload is not an object`);
  return n.payload as Record<string, unknown>;
}

/** A web link (see webLink) on the given origin, else null: the mails to visitors link only to the site itself. */
export function siteLink(value: unknown, origin: string): string | null {
  const url = webLink(value);
  return url && new URL(url).origin === origin ? url : null;
}

/** A mail as the mailer sends it, whatever its kind. */
export interface OutgoingEmail {
  /**
   * The agent's address as configured (AGENT_NOTIFY_EMAIL), or a visitor's: an address only, never
   * a display name, which for a visitor would be text someone typed in a form (decision 042).
   */
  to: string;
  replyTo?: { name: string; address: string };
  subject: string;
  text: string;
  html: string;
  messageId: string;
  date: Date;
  headers: Record<string, string>;
  /** A calendar invitation (RFC 5545 text): the mail's text/calendar part with its METHOD, and an .ics file of it. */
  calendar?: { method: "REQUEST" | "CANCEL"; content: string };
}

/** A labelled value of a mail (Name, Phone, …), with the address its value links to in the HTML part where it has one. */
export type MailField = [label: string, value: string, href?: string | null];

/** The fields as plain-text lines, "Label:" padded so the values line up. */
export function textFields(fields: readonly MailField[]): string[] {
  const width = Math.max(...fields.map(([label]) => label.length)) + 1;
  return fields.map(([label, value]) => `${`${label}:`.padEnd(width)} ${value}`);
}

/** The fields as an HTML table, a row each. */
export function htmlFields(fields: readonly MailField[]): string {
  const rows = fields.map(
    ([label, value, href]) =>
      `<tr><th align="left" style="padding:4px 12px 4px 0;vertical-align:top">${escapeHtml(label)}</th><td style="padding:4px 0">${href ? `<a href="${escapeHtml(href)}">${escapeHtml(value)}</a>` : escapeHtml(value)}</td></tr>`,
  );
  return `<table role="presentation" style="border-collapse:collapse">\n${rows.join("\n")}\n</table>\n`;
}

/** A prominent link on a line of its own ("Open the inbox"). */
export function htmlButton(href: string, label: string): string {
  return `<p><a href="${escapeHtml(href)}" style="font-weight:bold">${escapeHtml(label)}</a></p>\n`;
}

/** A muted closing line ("Reply to this e-mail …"). */
export function htmlNote(text: string): string {
  return `<p style="color:#475569">${escapeHtml(text)}</p>\n`;
}

/** The HTML document of a mail: subject as title, the intro paragraph, then body (HTML, each line ending in a newline). */
export function htmlMail(subject: string, intro: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#0f172a">
<p>${escapeHtml(intro)}</p>
${body}</body></html>
`;
}

/** A link of a mail on a line of its own: "Label: url" in the text, a button in the HTML. */
export interface MailLink {
  text: string;
  button: string;
  url: string | null;
}

/**
 * The text and HTML of a mail made of an intro, its fields, links on lines of their own, a closing
 * note and a signature: the agent's notices and reminders, and the visitors' reminders.
 */
export function fieldsMail(
  subject: string,
  intro: string,
  fields: readonly MailField[],
  { links = [], note = null, signature }: { links?: readonly MailLink[]; note?: string | null; signature: string },
): { text: string; html: string } {
  const shown = links.filter((l): l is MailLink & { url: string } => Boolean(l.url));
  const text = [
    intro,
    "",
    ...textFields(fields),
    "",
    ...shown.flatMap((l) => [`${l.text}: ${l.url}`, ""]),
    ...(note ? [note] : []),
    signature,
    "",
  ].join("\n");
  const body = `${htmlFields(fields)}${shown.map((l) => htmlButton(l.url, l.button)).join("")}${note ? htmlNote(note) : ""}`;
  return { text, html: htmlMail(subject, intro, body) };
}

/**
 * A mail the site sends the agent on its own (a reminder, a summary): marked auto-generated (RFC
 * 3834) so no autoresponder answers it, and tied to its outbox row.
 */
export function automaticMail(
  n: { id: number; message_id: string; created_at: Date },
  mail: Pick<OutgoingEmail, "subject" | "text" | "html" | "replyTo">,
): Omit<OutgoingEmail, "to"> {
  return {
    ...mail,
    subject: oneLine(mail.subject),
    messageId: n.message_id,
    date: n.created_at,
    headers: { "Auto-Submitted": "auto-generated", "X-Notification-Id": String(n.id) },
  };
}
