/**
 * The agent's reminder of a person still New past the promised reply time: who, from which form,
 * how long they have waited, and one tap to call, write or open them in the inbox.
 */
import { site } from "~/content/site";
import { formatDuration } from "../../format";
import { SOURCE_LABELS } from "../../inbox";
import { automaticMail, edmontonTime, fieldsMail, isPlainAddress, oneLine, str, webLink } from "./mail-text.server";
import type { MailField, OutgoingEmail } from "./mail-text.server";
import type { OutboxNotification } from "./outbox.server";

export interface ReminderPayload {
  personId: number;
  name: string;
  email: string;
  phone: string | null;
  /** The form they used: a label ("Contact form") or a source of spec §7 ('contact_form'). */
  form: string;
  /** ISO instant since which they have been waiting. */
  waitingSince: string;
  /** The person's page in the inbox, absolute. */
  url: string;
}

/** A form's name inside a sentence ("contact form"); a label given as it is. */
export function formLabel(form: unknown): string {
  const value = oneLine(str(form));
  return SOURCE_LABELS[value]?.toLowerCase() ?? value;
}

/** tel: of the digits of a typed number, when there are enough of them to dial. */
export function telLink(phone: string): string | null {
  const dial = phone.replace(/(?!^\+)[^\d]/g, "");
  return dial.replace(/\D/g, "").length >= 7 ? `tel:${dial}` : null;
}

/** mailto: of one plain address (a typed one could carry ?bcc= or a second recipient otherwise). */
export function mailtoLink(email: string): string | null {
  return isPlainAddress(email) && !/[?&#%]/.test(email) ? `mailto:${email}` : null;
}

export function buildReminderEmail(n: Pick<OutboxNotification, "id" | "payload" | "message_id" | "created_at">): Omit<OutgoingEmail, "to"> {
  const p = (n.payload ?? {}) as Partial<Record<keyof ReminderPayload, unknown>>;
  const name = oneLine(str(p.name)) || "(no name)";
  const email = oneLine(str(p.email));
  const phone = oneLine(str(p.phone));
  const form = formLabel(p.form);
  const since = new Date(str(p.waitingSince));
  // Measured to when the reminder was queued, so a retry says the same as the first attempt.
  const waited = Number.isNaN(since.getTime()) ? null : formatDuration(n.created_at.getTime() - since.getTime());
  const inbox = webLink(p.url);
  const tel = phone ? telLink(phone) : null;
  const mailto = mailtoLink(email);

  const subject = `Still waiting: ${name} (${[form, waited].filter(Boolean).join(", ")})`;
  const intro = `${name} is still New${waited ? `, waiting for ${waited}` : ""}.`;
  const rows: MailField[] = [
    ["Call", phone || "(no phone given)", tel],
    ["Email", email || "(none)", mailto],
    ["Form", form || "(unknown)", null],
    ["Waiting since", Number.isNaN(since.getTime()) ? str(p.waitingSince) : edmontonTime(since), null],
  ];
  const reply = `Reply to this e-mail to answer ${name} directly.`;

  const mail = fieldsMail(subject, intro, rows, {
    links: [{ text: "Open in the inbox", button: `Open ${name} in the inbox`, url: inbox }],
    note: reply,
    signature: `-- ${site.agent.name}'s website`,
  });
  return automaticMail(n, { ...(mailto ? { replyTo: { name, address: email } } : {}), subject, ...mail });
}
