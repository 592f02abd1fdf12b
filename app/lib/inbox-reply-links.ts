/**
 * The person page's one-tap answers: the `tel:`, `sms:` and `mailto:` links (browser-safe, pure).
 * Everything the visitor typed (name, phone, e-mail, message) goes through encodeURIComponent, so
 * no `&`, `#`, `?` or line break of theirs can end a parameter or start a new one.
 */

/** Who is answering, from app/content/site.ts. */
export interface Replier {
  agentName: string;
  brokerage: string;
}

/** The person's latest submission, as the reply quotes it. */
export interface LatestMessage {
  /** Their message or comments, as typed. */
  text: string;
  /** "Nov 22, 2026, 9:51 p.m.", already in Edmonton time. */
  when: string;
  /** The home's address when it was a listing page's inquiry. */
  listingAddress: string | null;
}

export interface ReplyLinks {
  call: string | null;
  text: string | null;
  email: string;
}

/** Long enough for any message the forms take in full, short enough for mail apps that refuse long mailto: links (about 2,000 characters). */
const QUOTE_MAX = 1200;

/**
 * A dialable `tel:` number: North American numbers (10 digits, or 11 starting with 1) become
 * E.164 (+1…); a number written with `+` keeps its country code; anything else that has enough
 * digits is dialled as written. An extension ("ext. 12", "x12") is left off, as phones dial it
 * wrongly when glued on. Null when there is nothing to dial.
 */
export function dialable(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const main = phone.replace(/\s*(?:ext\.?|extension|x|#)\s*\d+\s*$/i, "");
  const digits = main.replace(/\D/g, "");
  if (digits.length === 10 && /^[2-9]\d{2}[2-9]/.test(digits)) return `+1${digits}`;
  if (digits.length === 11 && /^1[2-9]\d{2}[2-9]/.test(digits)) return `+${digits}`;
  if (main.trim().startsWith("+") && digits.length >= 8 && digits.length <= 15) return `+${digits}`;
  return digits.length >= 3 && digits.length <= 15 ? digits : null;
}

/** The first word of the person's name, if any ("Ana" of "Ana Émile"). */
export function firstNameOf(name: string | null | undefined): string {
  return (name ?? "").trim().split(/\s+/u)[0] ?? "";
}

/** The text message's opening line. */
export function greeting(personName: string | null | undefined, by: Replier): string {
  const first = firstNameOf(personName);
  return `Hi${first ? ` ${first}` : ""}, this is ${by.agentName} from ${by.brokerage}. Thanks for reaching out through my website.`;
}

/** One line, for a subject: line breaks and tabs a payload might hold become spaces. */
function oneLine(value: string): string {
  return value
    .replace(/[\r\n\t\u2028\u2029]+/g, " ")
    .replace(/\s{2,}/g, " ")
    .trim();
}

/** Their message as "> " lines under "On <when>, you wrote:", cut short if very long. */
export function quoted(latest: LatestMessage): string {
  const text = latest.text.replace(/\r\n?|[\u2028\u2029]/g, "\n").trim();
  const cut = [...text].length > QUOTE_MAX ? `${[...text].slice(0, QUOTE_MAX).join("").trimEnd()}…` : text;
  return [`On ${latest.when}, you wrote:`, ...cut.split("\n").map((line) => (line ? `> ${line}` : ">"))].join("\n");
}

export function emailSubject(agentName: string, latest: LatestMessage | null): string {
  const home = latest?.listingAddress ? oneLine(latest.listingAddress) : "";
  return home ? `Re: ${home}` : `Re: your message to ${agentName}`;
}

/**
 * The `mailto:` link: the address percent-encoded except its `@` and `+` (RFC 6068), subject and body
 * percent-encoded with CRLF line breaks (what RFC 6068 asks of a body; `+` would show as a plus).
 */
export function mailtoHref(email: string, subject: string, body: string): string {
  const address = encodeURIComponent(email.trim()).replace(/%40/g, "@").replace(/%2B/g, "+");
  const crlf = body.replace(/\r\n?/g, "\n").replace(/\n/g, "\r\n");
  return `mailto:${address}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(crlf)}`;
}

/**
 * The `sms:` link with a prefilled body. `?&body=` is the form both iOS (which reads `&body=`)
 * and Android (which reads `?body=`) accept.
 */
export function smsHref(number: string, body: string): string {
  return `sms:${encodeURIComponent(number).replace(/%2B/g, "+")}?&body=${encodeURIComponent(body)}`;
}

export function replyLinks(
  person: { name: string | null; email: string; phone: string | null },
  latest: LatestMessage | null,
  by: Replier,
): ReplyLinks {
  const number = dialable(person.phone);
  const first = firstNameOf(person.name);
  const body = [
    `Hi${first ? ` ${first}` : ""},`,
    "",
    "",
    "",
    `${by.agentName}`,
    by.brokerage,
    ...(latest?.text.trim() ? ["", quoted(latest)] : []),
  ].join("\n");
  return {
    call: number ? `tel:${number}` : null,
    text: number ? smsHref(number, greeting(person.name, by)) : null,
    email: mailtoHref(person.email, emailSubject(by.agentName, latest), body),
  };
}
