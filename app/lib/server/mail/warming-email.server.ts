/**
 * The agent's notice of a person warming up (issue 32): they opened the same home twice from
 * their alerts, or started watching a home. Who, why, and one tap to their page in the inbox,
 * told the way a new lead is told (the same moment also queues a push).
 */
import { site } from "~/content/site";
import { MalformedPayloadError, automaticMail, fieldsMail, oneLine, payloadFields, str, webLink } from "./mail-text.server";
import type { MailField, OutgoingEmail } from "./mail-text.server";
import type { OutboxNotification } from "./outbox.server";
import { mailtoLink } from "./reminder-email.server";

/** What warmingSql queues (app/lib/server/alerts/warming.server.ts); the person is the row's person_id. */
export interface WarmingPayload {
  name: string;
  email: string;
  /** Why, in a few words: "Opened 123 Main St NW twice from an alert", "Watches 123 Main St NW". */
  reason: string;
  /** Their page in the inbox, absolute, when the producer knows the site's address (else built from siteUrl and person_id). */
  url?: string;
}

/** The person's page in the inbox: the payload's own link, else the site's origin and the row's person. */
export function inboxLinkOf(n: Pick<OutboxNotification, "person_id">, url: unknown, siteUrl: string | undefined): string | null {
  const given = webLink(url);
  if (given && /^https?:\/\/[^/]+\/inbox\/people\/\d+$/.test(given)) return given;
  const origin = siteUrl ? webLink(`${siteUrl.replace(/\/+$/, "")}/`) : null;
  return origin && n.person_id != null ? `${origin}inbox/people/${n.person_id}` : null;
}

export function buildWarmingEmail(
  n: Pick<OutboxNotification, "id" | "kind" | "payload" | "message_id" | "created_at" | "person_id">,
  siteUrl?: string,
): Omit<OutgoingEmail, "to"> {
  const p = payloadFields(n);
  const email = oneLine(str(p.email));
  const reason = oneLine(str(p.reason)).replace(/[.\s]+$/, "");
  if (!reason) throw new MalformedPayloadError(`Warming ${n.id}: no reason`);
  const name = oneLine(str(p.name)) || email || "(no name)";
  const inbox = inboxLinkOf(n, p.url, siteUrl);
  const mailto = mailtoLink(email);

  const subject = `Warming up: ${name}`;
  const intro = `${name} is warming up: ${reason}.`;
  const rows: MailField[] = [
    ["Why", reason, null],
    ["Email", email || "(none)", mailto],
  ];
  const reply = `Reply to this e-mail to write to ${name} directly.`;

  const mail = fieldsMail(subject, intro, rows, {
    links: [{ text: "Open in the inbox", button: `Open ${name} in the inbox`, url: inbox }],
    note: mailto ? reply : null,
    signature: `-- ${site.agent.name}'s website`,
  });
  return automaticMail(n, { ...(mailto ? { replyTo: { name, address: email } } : {}), subject, ...mail });
}
