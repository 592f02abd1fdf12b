/**
 * The agent's notification e-mail for one outbox row: subject, plain text and HTML with every
 * submitted field (HTML-escaped), the source, a Reply-To of the visitor.
 */
import { site } from "~/content/site";
import { buyerFiguresOf, buyerFiguresSentence } from "../../buyer-figures";
import { SERVICE_LABELS, isServiceType } from "../../schemas/services";
import { formatCurrency } from "../../format";
import { type ValuationHomeRef, valuationHomeOf } from "../../leads";
import { edmontonTime, escapeHtml, htmlFields, htmlMail, htmlNote, oneLine, str, textFields } from "./mail-text.server";
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

/** What one form's notification says: the forms' registry (app/lib/server/leads/forms.server.ts) names each kind's. */
export interface NoticeParts {
  name: string;
  email: string;
  subject: string;
  intro: string;
  fields: Field[];
  longField: Field;
}

export type NoticeOf = (p: Record<string, unknown>, n: OutboxNotification, submittedAt: string) => NoticeParts;

/** The welcome form's lead. */
export const leadNotice: NoticeOf = (p, n, submittedAt) => {
  const name = oneLine(str(p.fullName));
  const email = oneLine(str(p.email));
  const service = isServiceType(p.serviceType) ? SERVICE_LABELS[p.serviceType] : str(p.serviceType);
  return {
    name,
    email,
    subject: `New lead: ${name} (${service})`,
    intro: `A new lead came in through the welcome page of your website.`,
    fields: [
      ["Name", name],
      ["Email", email],
      ["Phone", str(p.phone)],
      ["Service", `${service} (${str(p.serviceType)})`],
      ["Source", n.source],
      ["Lead ID", str(p.leadId)],
      ["Submitted", edmontonTime(submittedAt)],
    ],
    longField: ["Comments", str(p.comments) || "(none)"],
  };
};

/** A contact message, a listing page's question about its home, or a home-value page's evaluation request. */
export const contactNotice: NoticeOf = (p, n, submittedAt) => {
  const name = oneLine(str(p.name));
  const email = oneLine(str(p.email));
  const valued = valuationHomeOf(p.home);
  if (valued) return valuationNotice(p, n, submittedAt, valued);
  if (p.openHouse && typeof p.openHouse === "object") return openHouseNotice(p, n, submittedAt, p.openHouse as Record<string, unknown>);
  const home = listingOf(p.listing);
  // Only about a home, and only figures that read as figures: the payload is the visitor's JSON.
  const figures = home ? buyerFiguresOf(p.figures) : null;
  return {
    name,
    email,
    subject: home ? `New question about ${home.address} from ${name}` : `New contact message from ${name}`,
    intro: home
      ? `Someone asked about a home from its page on your website.`
      : `Someone sent a message through the contact form of your website.`,
    fields: [
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
      ...(figures ? ([["Their figures", buyerFiguresSentence(figures)]] satisfies Field[]) : []),
      ["Source", n.source],
      ["Contact ID", str(p.contactId)],
      ["Submitted", edmontonTime(submittedAt)],
    ],
    longField: ["Message", str(p.message) || "(no message)"],
  };
};

/** "I'll be there" for an open house (issue 44): the visitor and the open house as the page showed it. */
function openHouseNotice(p: Record<string, unknown>, n: OutboxNotification, submittedAt: string, o: Record<string, unknown>): NoticeParts {
  const name = oneLine(str(p.name));
  const address = oneLine(str(o.address));
  const when = oneLine(str(o.when));
  return {
    name,
    email: oneLine(str(p.email)),
    subject: `Open house RSVP: ${address}, ${when} from ${name}`,
    intro: `Someone said they will come to an open house, from its listing page on your website. They get a reminder the morning of it.`,
    fields: [
      ["Name", name],
      ["Email", oneLine(str(p.email))],
      ["Phone", str(p.phone) || "(not given)"],
      ["Home", address],
      ["When", `${when} (Edmonton time)`],
      ["Listing page", str(o.url)],
      ["Source", n.source],
      ["Contact ID", str(p.contactId)],
      ["Submitted", edmontonTime(submittedAt)],
    ],
    longField: ["Message", "(no message)"],
  };
}

/** "Get my in-person evaluation" (issue 43): the seller, their home and its figures as the page showed them. */
function valuationNotice(p: Record<string, unknown>, n: OutboxNotification, submittedAt: string, home: ValuationHomeRef): NoticeParts {
  const name = oneLine(str(p.name));
  return {
    name,
    email: oneLine(str(p.email)),
    subject: `Evaluation request: ${home.address} from ${name}`,
    intro: `A homeowner asked for your in-person evaluation from their home's value page on your website.`,
    fields: [
      ["Name", name],
      ["Email", oneLine(str(p.email))],
      ["Phone", str(p.phone) || "(not given)"],
      ["Home", home.address],
      ["City account", home.account],
      ["Assessment", `${formatCurrency(home.assessed)} (${home.rollYear} roll)`],
      [
        "Estimate shown",
        home.estimate
          ? `${formatCurrency(home.estimate.low)} – ${formatCurrency(home.estimate.high)}`
          : "(no range: too few comparable homes)",
      ],
      ["May sell", home.timeline || "(not given)"],
      ["Home value page", home.url ?? home.path],
      ["Source", n.source],
      ["Contact ID", str(p.contactId)],
      ["Submitted", edmontonTime(submittedAt)],
    ],
    longField: ["Message", str(p.message) || "(no message)"],
  };
}

/** The agent's e-mail for a submission, with the parts its form's entry names. */
export function noticeEmail(n: OutboxNotification, notice: NoticeOf): NotificationEmail {
  const p = (n.payload ?? {}) as Record<string, unknown>;
  const submittedAt = str(p.submittedAt) || n.created_at.toISOString();
  const { name, email, subject, intro, fields, longField } = notice(p, n, submittedAt);

  const reply = `Reply to this e-mail to answer ${name} directly.`;
  const text = [
    intro,
    "",
    ...textFields(fields),
    "",
    `${longField[0]}:`,
    longField[1],
    "",
    reply,
    `-- ${site.agent.name}'s website`,
    "",
  ].join("\n");
  const html = htmlMail(
    subject,
    intro,
    `${htmlFields(fields)}<h2 style="font-size:16px;margin:16px 0 4px">${escapeHtml(longField[0])}</h2>\n<p style="white-space:pre-wrap;margin:0">${escapeHtml(longField[1])}</p>\n${htmlNote(reply)}`,
  );

  return {
    subject: oneLine(subject),
    text,
    html,
    replyTo: { name, address: email },
    messageId: n.message_id,
    date: new Date(submittedAt),
  };
}
