import { randomUUID } from "node:crypto";
import { site } from "~/content/site";

const domain = site.agent.email.split("@")[1] ?? "localhost";

/**
 * A Message-ID chosen when the notification is queued and stored with it, so every retry of
 * one notification carries the same ID (a receiving server can drop a duplicate).
 */
export function newMessageId(kind: "lead" | "contact"): string {
  return `<${kind}-${randomUUID()}@${domain}>`;
}
