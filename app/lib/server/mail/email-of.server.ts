/**
 * Every outbox row's e-mail, whatever its kind: the mailer only adds its sender and encoding.
 * A row's `recipient` is the visitor for an acknowledgement, a confirmation or an alert; null is the agent.
 */
import { buildAcknowledgementEmail } from "./acknowledgement-email.server";
import { buildAlertEmail } from "./alert-email.server";
import { buildConfirmationEmail } from "./confirmation-email.server";
import { buildHealthEmail } from "./health-email.server";
import { buildNotificationEmail } from "./notification-email.server";
import type { OutgoingEmail } from "./mail-text.server";
import type { OutboxNotification } from "./outbox.server";
import { buildReminderEmail } from "./reminder-email.server";
import { buildSummaryEmail } from "./summary-email.server";
import { buildWarmingEmail } from "./warming-email.server";

/** `siteUrl`: the site's origin, for the links a payload leaves to the sender (the warming notice's inbox page). */
export function emailOf(n: OutboxNotification, agentAddress: string, siteUrl?: string): OutgoingEmail {
  const to = n.recipient ?? agentAddress;
  switch (n.kind) {
    case "lead":
    case "contact": {
      const { replyTo, subject, text, html, messageId, date } = buildNotificationEmail(n);
      return { to, replyTo, subject, text, html, messageId, date, headers: { "X-Lead-Source": n.source, "X-Notification-Id": String(n.id) } };
    }
    case "acknowledgement":
      return buildAcknowledgementEmail(n);
    case "reminder":
      return { to, ...buildReminderEmail(n) };
    case "summary":
      return { to, ...buildSummaryEmail(n) };
    case "confirmation":
      return buildConfirmationEmail(n);
    case "alert":
      return buildAlertEmail(n);
    case "warming":
      return { to, ...buildWarmingEmail(n, siteUrl) };
    case "health":
      return { to, ...buildHealthEmail(n) };
    default:
      throw new Error(`Outbox row ${String((n as { id: unknown }).id)}: no e-mail for kind "${String((n as { kind: unknown }).kind)}"`);
  }
}
