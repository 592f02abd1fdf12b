/**
 * The agent's notice that something protecting the leads stopped working, or works again (issue
 * 41): what, since when, and what to do. Queued by the health job (app/lib/server/health).
 */
import { site } from "~/content/site";
import { MalformedPayloadError, automaticMail, edmontonTime, fieldsMail, oneLine, payloadFields, str, webLink } from "./mail-text.server";
import type { MailField, OutgoingEmail } from "./mail-text.server";
import type { OutboxNotification } from "./outbox.server";

export interface HealthPayload {
  /** "Backups", "Notifications", "Listings feed", "Free space". */
  label: string;
  state: "failing" | "cleared";
  /** The check's words: "The newest good backup is 40 hours old". */
  detail: string;
  /** ISO instant since which the problem held. */
  since: string;
  /** The inbox's Account page (its health panel), absolute. */
  url?: string;
}

export function buildHealthEmail(n: Pick<OutboxNotification, "id" | "payload" | "message_id" | "created_at">): Omit<OutgoingEmail, "to"> {
  const p = payloadFields({ ...n, kind: "health" });
  const label = oneLine(str(p.label));
  if (!label) throw new MalformedPayloadError(`Health ${n.id}: no label`);
  const cleared = p.state === "cleared";
  const detail = oneLine(str(p.detail)).replace(/[.\s]+$/, "");
  const since = str(p.since) ? edmontonTime(str(p.since)) : "";
  const account = webLink(p.url);
  const subject = cleared ? `Working again: ${label}` : `Needs attention: ${label}`;
  const intro = cleared ? `${label}: working again.` : `${label}: ${detail || "not working"}.`;
  const rows: MailField[] = [
    ["State", cleared ? "Working again" : "Not working", null],
    ["What the site sees", detail || "(no detail)", null],
    ...(since ? ([[cleared ? "Was failing since" : "Since", since, null]] as MailField[]) : []),
  ];
  const mail = fieldsMail(subject, intro, rows, {
    links: [{ text: "The site's health", button: "Open the site's health", url: account }],
    signature: `-- ${site.agent.name}'s website`,
  });
  return automaticMail(n, { subject, ...mail });
}
