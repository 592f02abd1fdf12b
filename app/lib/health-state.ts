/**
 * One watched problem of the site's health (issue 41): what the health job computes
 * (app/lib/server/health) and the Account page shows (app/components/inbox/health-section.tsx).
 * Here, outside the server folder, so the component can name it without importing server code.
 */
export interface HealthState {
  problem: string;
  label: string;
  failing: boolean;
  detail: string;
  /** Since when it fails (null while all is well). */
  since: Date | null;
  /** When the agent was told of it (null: not yet, or within its grace). */
  alertedAt: Date | null;
}
