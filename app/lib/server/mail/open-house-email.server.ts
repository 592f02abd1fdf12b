/**
 * The visitor's reminder of an open house they said they would come to (issue 44), sent the
 * morning of it. Made from the row's payload, the snapshot written with the RSVP.
 */
import { site } from "~/content/site";
import {
  type MailField,
  type OutgoingEmail,
  MalformedPayloadError,
  automaticMail,
  fieldsMail,
  isPlainAddress,
  oneLine,
  payloadFields,
  str,
  webLink,
} from "./mail-text.server";
import type { OutboxNotification } from "./outbox.server";

export function buildOpenHouseReminderEmail(n: OutboxNotification): OutgoingEmail {
  const p = payloadFields(n);
  const o = (p.openHouse && typeof p.openHouse === "object" ? p.openHouse : {}) as Record<string, unknown>;
  const to = n.recipient ?? "";
  if (!isPlainAddress(to)) throw new MalformedPayloadError(`Open house reminder ${n.id}: no valid address`);
  const address = oneLine(str(o.address));
  const when = oneLine(str(o.when));
  const subject = `Today: the open house at ${address}`;
  const intro = `This is a reminder of the open house you said you would come to. ${site.agent.name} looks forward to meeting you.`;
  const fields: MailField[] = [
    ["Home", address, webLink(o.url)],
    ["When", `${when} (Edmonton time)`],
    ["Agent", `${site.agent.name}, ${site.agent.phone}`],
  ];
  return { to, ...automaticMail(n, { subject, ...fieldsMail(subject, intro, fields, { signature: `-- ${site.agent.name}` }) }) };
}
