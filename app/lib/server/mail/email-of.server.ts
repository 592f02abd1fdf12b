/**
 * Every outbox row's e-mail, whatever its kind: the mailer only adds its sender and encoding.
 * A row's `recipient` is the visitor for an acknowledgement, a confirmation or an alert; null is the agent.
 */
import { isSubmissionKind } from "~/lib/forms";
import { buildAcknowledgementEmail, submissionEmail } from "../leads/forms.server";
import { buildAlertEmail } from "./alert-email.server";
import { buildConfirmationEmail } from "./confirmation-email.server";
import { buildHealthEmail } from "./health-email.server";
import { buildHomeReportEmail } from "./home-report-email.server";
import type { OutgoingEmail } from "./mail-text.server";
import type { OutboxNotification } from "./outbox.server";
import { buildOpenHouseReminderEmail } from "./open-house-email.server";
import { buildReminderEmail } from "./reminder-email.server";
import { buildInvitationEmail, buildShowingReminderEmail } from "./showing-email.server";
import { buildSummaryEmail } from "./summary-email.server";
import { buildWarmingEmail } from "./warming-email.server";

/** `siteUrl`: the site's origin, for the links a payload leaves to the sender (the warming notice's inbox page). */
export function emailOf(n: OutboxNotification, agentAddress: string, siteUrl?: string): OutgoingEmail {
  const to = n.recipient ?? agentAddress;
  // A submission's e-mail is its form's (the forms' registry).
  if (isSubmissionKind(n.kind)) return submissionEmail(n, agentAddress);
  switch (n.kind) {
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
    case "showing-reminder":
      return buildShowingReminderEmail(n, agentAddress);
    case "invitation":
      return buildInvitationEmail(n, agentAddress);
    case "home-report":
      return buildHomeReportEmail(n);
    case "open-house-reminder":
      return buildOpenHouseReminderEmail(n);
    default:
      throw new Error(`Outbox row ${String((n as { id: unknown }).id)}: no e-mail for kind "${String((n as { kind: unknown }).kind)}"`);
  }
}
