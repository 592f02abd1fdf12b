/**
 * What the alert routes and the alerts job read (`serverOf(context).alerts`, app/router-context.ts):
 * present only when the DDF® feed is configured, since alerts are about its listings.
 */
import type { Database } from "../../../../platform/db/database";

export interface AlertsContext {
  db: Database;
  /** The site's origin (no trailing slash), for the absolute links of the mails. */
  siteUrl: string;
  /** Wakes the outbox and push jobs after something was queued for them. */
  queued(): void;
}
