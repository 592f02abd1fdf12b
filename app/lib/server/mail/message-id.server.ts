import { randomUUID } from "node:crypto";
import { site } from "~/content/site";
import type { SubmissionKind } from "~/lib/forms";

const domain = site.agent.email.split("@")[1] ?? "localhost";

/**
 * A Message-ID chosen when the notification is queued and stored with it, so every retry of
 * one notification carries the same ID (a receiving server can drop a duplicate). `unique` names
 * a mail that must exist once (the morning summary of one day): the outbox refuses a second row
 * with the same ID.
 */
/** `kind`: a submission's kind (the forms' registry), or another mail's. */
export function newMessageId(
  kind:
    | SubmissionKind
    | "ack"
    | "reminder"
    | "summary"
    | "confirm"
    | "alert"
    | "warming"
    | "health"
    | "showing-reminder"
    | "invitation"
    | "home-report"
    | "open-house-reminder",
  unique: string = randomUUID(),
): string {
  return `<${kind}-${unique}@${domain}>`;
}

/** The monthly home report's Message-ID: one per person and month ("2026-12"), so the outbox's unique index takes it once. */
export function homeReportMessageId(personId: number, month: string): string {
  return newMessageId("home-report", `${personId}-${month}`);
}
