/**
 * The agent's optional morning summary (8:00 Edmonton): everyone still New, those past the reply
 * time first and marked, each with a link to their page in the inbox.
 */
import { site } from "~/content/site";
import { formatLongDate } from "../../dates";
import { automaticMail, edmontonTime, escapeHtml, htmlButton, htmlMail, oneLine, str, webLink } from "./mail-text.server";
import type { OutgoingEmail } from "./mail-text.server";
import type { OutboxNotification } from "./outbox.server";
import { formLabel } from "./reminder-email.server";

export interface SummaryPerson {
  id: number;
  name: string;
  email: string;
  form: string;
  /** ISO instant since which they have been New. */
  since: string;
  /** Past the reply time. */
  overdue: boolean;
  /** Their page in the inbox, absolute. */
  url: string;
}

export interface SummaryPayload {
  /** The summary's day in Edmonton, "YYYY-MM-DD". */
  date: string;
  inboxUrl: string;
  people: SummaryPerson[];
}

interface Line {
  name: string;
  email: string;
  form: string;
  since: string;
  overdue: boolean;
  url: string | null;
}

function linesOf(people: unknown): Line[] {
  const list = Array.isArray(people) ? (people as Partial<Record<keyof SummaryPerson, unknown>>[]) : [];
  const lines = list.map((p) => ({
    name: oneLine(str(p.name)) || "(no name)",
    email: oneLine(str(p.email)),
    form: formLabel(p.form),
    since: str(p.since),
    overdue: p.overdue === true,
    url: webLink(p.url),
  }));
  // Overdue first, then whoever has waited longest; an unreadable time goes last in its group.
  const time = (l: Line) => new Date(l.since).getTime() || Number.MAX_SAFE_INTEGER;
  return lines.sort((a, b) => Number(b.overdue) - Number(a.overdue) || time(a) - time(b));
}

export function buildSummaryEmail(n: Pick<OutboxNotification, "id" | "payload" | "message_id" | "created_at">): Omit<OutgoingEmail, "to"> {
  const p = (n.payload ?? {}) as Partial<Record<keyof SummaryPayload, unknown>>;
  const date = str(p.date);
  const day = /^\d{4}-\d{2}-\d{2}$/.test(date) ? formatLongDate(date) : oneLine(date);
  const inbox = webLink(p.inboxUrl);
  const lines = linesOf(p.people);
  const overdue = lines.filter((l) => l.overdue).length;

  const count = lines.length === 1 ? "1 person is New" : `${lines.length} people are New`;
  const subject = `Morning summary, ${day}: ${lines.length ? `${count}${overdue ? ` (${overdue} overdue)` : ""}` : "no one is waiting"}`;
  const intro = lines.length
    ? `${count} this morning${overdue ? `, ${overdue} of them past the reply time` : ""}.`
    : "No one is waiting for an answer this morning.";
  const describe = (l: Line) => [l.form, l.email, `since ${edmontonTime(l.since)}`].filter(Boolean).join(" · ");

  const text = [
    intro,
    "",
    ...lines.flatMap((l) => [`${l.overdue ? "[OVERDUE] " : ""}${l.name}`, `  ${describe(l)}`, ...(l.url ? [`  ${l.url}`] : []), ""]),
    ...(inbox ? [`The inbox: ${inbox}`, ""] : []),
    `-- ${site.agent.name}'s website`,
    "",
  ].join("\n");

  const items = lines
    .map(
      (l) =>
        `<li style="margin:0 0 8px">${l.overdue ? '<strong style="color:#b91c1c">OVERDUE</strong> ' : ""}${l.url ? `<a href="${escapeHtml(l.url)}">${escapeHtml(l.name)}</a>` : escapeHtml(l.name)}<br><span style="color:#475569">${escapeHtml(describe(l))}</span></li>`,
    )
    .join("\n");
  const html = htmlMail(
    subject,
    intro,
    `${items ? `<ul style="padding-left:20px">\n${items}\n</ul>\n` : ""}${inbox ? htmlButton(inbox, "Open the inbox") : ""}`,
  );

  return automaticMail(n, { subject, text, html });
}
