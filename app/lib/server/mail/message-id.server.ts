import { randomUUID } from "node:crypto";
import { site } from "~/content/site";

const domain = site.agent.email.split("@")[1] ?? "localhost";

/**
 * A Message-ID chosen when the notification is queued and stored with it, so every retry of
 * one notification carries the same ID (a receiving server can drop a duplicate). `unique` names
 * a mail that must exist once (the morning summary of one day): the outbox refuses a second row
 * with the same ID.
 */
export function newMessageId(kind: "lead" | "contact" | "ack" | "reminder" | "summary" | "confirm" | "alert" | "warming" | "health", unique: string = randomUUID()): string {
  return `<${kind}-${unique}@${domain}>`;
}
