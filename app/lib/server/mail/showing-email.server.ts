/**
 * The showings' mails (issue 44): the agent's notice of a request (the forms' registry's
 * `notice`), the reminders two hours before (to the agent and to the buyer), and the buyer's
 * invitation when the agent confirms, moves or cancels, with its .ics and the signed link to cancel
 * or move it. Every text is made from the row's payload, a snapshot written when it was queued.
 */
import { site } from "~/content/site";
import { slotLabel } from "~/lib/showing-slots";
import { invitationIcs, type CalendarShowing } from "../showings/ics.server";
import {
  type MailField,
  type OutgoingEmail,
  MalformedPayloadError,
  automaticMail,
  fieldsMail,
  htmlButton,
  htmlFields,
  htmlMail,
  htmlNote,
  isPlainAddress,
  oneLine,
  payloadFields,
  str,
  textFields,
  webLink,
} from "./mail-text.server";
import type { NoticeOf } from "./notification-email.server";
import type { OutboxNotification } from "./outbox.server";

/** The home of a showing's payload: its address and its page's absolute address (a web link or nothing). */
function homeOf(p: Record<string, unknown>): { address: string; url: string | null; mlsNumber: string } {
  const l = (p.listing && typeof p.listing === "object" ? p.listing : {}) as Record<string, unknown>;
  return { address: oneLine(str(l.address)), url: webLink(l.url), mlsNumber: oneLine(str(l.mlsNumber)) };
}

function whenOf(p: Record<string, unknown>): string {
  const start = Date.parse(str(p.start));
  return Number.isFinite(start) ? `${slotLabel(start)} (Edmonton time)` : "";
}

/** The agent's e-mail of a showing request. */
export const showingNotice: NoticeOf = (p, n) => {
  const name = oneLine(str(p.name));
  const email = oneLine(str(p.email));
  const home = homeOf(p);
  const when = whenOf(p);
  return {
    name,
    email,
    subject: `Showing request: ${home.address}, ${when} from ${name}`,
    intro: "A buyer booked a showing from a listing page of your website. Confirm it in the inbox: they get the invitation then.",
    fields: [
      ["Name", name],
      ["Email", email],
      ["Phone", str(p.phone)],
      ["Home", home.address],
      ["MLS® number", home.mlsNumber || "(not given)"],
      ["When", when],
      ...(home.url ? ([["Listing page", home.url]] satisfies MailField[]) : []),
      ["Source", n.source],
    ],
    longField: ["Note", str(p.note) || "(none)"],
  };
};

/** The reminder two hours before: to the agent (recipient null) or to the buyer. */
export function buildShowingReminderEmail(n: OutboxNotification, agentAddress: string): OutgoingEmail {
  const p = payloadFields(n);
  const home = homeOf(p);
  const when = whenOf(p);
  const toBuyer = n.recipient != null;
  const to = n.recipient ?? agentAddress;
  if (!isPlainAddress(to)) throw new MalformedPayloadError(`Showing reminder ${n.id}: no valid address`);
  const subject = toBuyer ? `Reminder: your showing of ${home.address} at ${when}` : `Showing soon: ${home.address} at ${when}`;
  const intro = toBuyer
    ? `This is a reminder of your showing with ${site.agent.name}.`
    : `Your showing with ${oneLine(str(p.name))} starts in about two hours.`;
  const fields: MailField[] = [
    ["Home", home.address, home.url],
    ["When", when],
    ...(toBuyer
      ? ([["Agent", `${site.agent.name}, ${site.agent.phone}`]] satisfies MailField[])
      : ([
          ["Buyer", oneLine(str(p.name))],
          ["Phone", str(p.phone)],
          ["Email", oneLine(str(p.email))],
        ] satisfies MailField[])),
  ];
  return { to, ...automaticMail(n, { subject, ...fieldsMail(subject, intro, fields, { signature: `-- ${site.agent.name}` }) }) };
}

/** The invitation's payload, written by the confirm, move and cancel actions. */
export interface InvitationPayload {
  showing: CalendarShowing;
  /** The signed page to cancel or move it (absent for a cancellation). */
  manageUrl?: string | null;
  /** "confirmed", "moved", "cancelled-by-agent", "cancelled-by-buyer", "cancelled-listing" */
  reason: string;
  /** Similar homes, for a showing cancelled because the home left the market. */
  similarUrl?: string | null;
}

const INTROS: Record<string, string> = {
  confirmed: "Your showing is confirmed. The invitation is attached: add it to your calendar.",
  moved: "Your showing has a new time. The invitation attached replaces the earlier one.",
  "cancelled-by-agent": "Your showing was cancelled. Call or write to book another time.",
  "cancelled-by-buyer": "Your showing is cancelled, as you asked.",
  "cancelled-listing": "Your showing is cancelled: the home is no longer available.",
};

const AGENT_INTROS: Record<string, string> = {
  moved: "The buyer moved their showing to a new time.",
  "cancelled-by-buyer": "The buyer cancelled their showing.",
  "cancelled-listing": "A showing was cancelled because the home left the market; the buyer was told, with a link to similar homes.",
};

/** The buyer's invitation, update or cancellation (the .ics carries the showing's UID and SEQUENCE). */
export function buildInvitationEmail(n: OutboxNotification, agentAddress: string): OutgoingEmail {
  const p = payloadFields(n) as unknown as InvitationPayload;
  const s = p.showing;
  if (!s || typeof s !== "object" || typeof s.uid !== "string") throw new MalformedPayloadError(`Invitation ${n.id}: no showing`);
  // No recipient: the agent's copy of a change the buyer or the sync made.
  const toAgent = n.recipient == null;
  const to = oneLine(n.recipient ?? agentAddress);
  if (!isPlainAddress(to)) throw new MalformedPayloadError(`Invitation ${n.id}: no valid address`);
  const address = oneLine(str(s.address));
  const when = `${slotLabel(Date.parse(s.start))} (Edmonton time)`;
  const cancelled = s.status === "cancelled";
  const buyer = oneLine(str(s.buyer?.name));
  const subject = toAgent
    ? `${cancelled ? "Cancelled" : "Moved"}: showing of ${address} with ${buyer}`
    : cancelled
      ? `Cancelled: showing of ${address}`
      : `Showing of ${address}: ${when}`;
  const intro = toAgent ? (AGENT_INTROS[p.reason] ?? "A showing changed.") : (INTROS[p.reason] ?? INTROS.confirmed!);
  const manage = toAgent ? null : webLink(p.manageUrl);
  const similar = toAgent ? null : webLink(p.similarUrl);
  const fields: MailField[] = [
    ["Home", address, webLink(s.url)],
    ["When", when],
    toAgent
      ? ["Buyer", `${buyer}, ${oneLine(str(s.buyer?.email))}, ${oneLine(str(s.buyer?.phone))}`]
      : ["Agent", `${site.agent.name}, ${site.agent.phone}`],
  ];
  const text = [
    intro,
    "",
    ...textFields(fields),
    "",
    ...(manage ? ["To cancel or move it:", manage, ""] : []),
    ...(similar ? ["Similar homes for sale:", similar, ""] : []),
    "-- ",
    `${site.agent.name}, ${site.agent.title}`,
    site.brokerage.name,
    site.agent.phone,
    "",
  ].join("\n");
  const html = htmlMail(
    subject,
    intro,
    `${htmlFields(fields)}${manage ? htmlButton(manage, "Cancel or move this showing") : ""}${similar ? htmlButton(similar, "See similar homes for sale") : ""}${htmlNote(
      `${site.agent.name}, ${site.agent.title}, ${site.brokerage.name}, ${site.agent.phone}`,
    )}`,
  );
  return {
    to,
    replyTo: { name: site.agent.name, address: site.agent.email },
    subject: oneLine(subject),
    text,
    html,
    messageId: n.message_id,
    date: n.created_at,
    headers: { "Auto-Submitted": "auto-generated", "X-Notification-Id": String(n.id) },
    calendar: invitationIcs(s),
  };
}
