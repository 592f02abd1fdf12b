/**
 * A person's listing alerts on their page: saved searches, watched homes and monthly home reports,
 * the alerts and reports sent, the homes opened from them (a report's own home among them).
 */
import { Link } from "react-router";
import { ALERT_FREQUENCY_LABELS } from "~/lib/alert-values";
import type { AlertSent, PersonAlerts } from "~/lib/inbox";
import { InboxSection, Time } from "./inbox-ui";

const SUBSCRIPTION_STATUS: Record<PersonAlerts["subscriptions"][number]["status"], string> = {
  pending: "Waiting for confirmation",
  active: "Active",
  ended: "Ended",
};

const DELIVERY: Record<AlertSent["status"], string> = {
  pending: "Queued",
  sending: "Being sent",
  sent: "Sent",
  failed: "Failed",
  withheld: "Withheld (no valid consent when due)",
};

const th = "px-2 py-1 text-left font-bold";
const td = "px-2 py-1 align-top";

export function PersonAlertsSections({ alerts }: { alerts: PersonAlerts }) {
  const { subscriptions, alertsSent, homesOpened } = alerts;
  return (
    <>
      {subscriptions.length > 0 && (
        <InboxSection name="subscriptions" title="Saved searches, watched homes and home reports" className="mt-8">
          <div className="mt-2 overflow-x-auto">
            <table className="w-full text-sm" data-testid="subscriptions">
              <thead className="border-b border-line">
                <tr>
                  <th className={th}>What</th>
                  <th className={th}>How often</th>
                  <th className={th}>Status</th>
                  <th className={th}>Since</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {subscriptions.map((s) => (
                  <tr key={s.id}>
                    <td className={`${td} break-words`}>
                      <span className="text-ink-muted">
                        {s.kind === "watch" ? "Watches " : s.kind === "home" ? "Home report: " : "Search: "}
                      </span>
                      {s.label}
                    </td>
                    <td className={td}>{ALERT_FREQUENCY_LABELS[s.frequency]}</td>
                    <td className={td}>
                      {SUBSCRIPTION_STATUS[s.status]}
                      {s.status === "ended" && s.endedAt && (
                        <>
                          {" "}
                          <Time date={s.endedAt} />
                        </>
                      )}
                    </td>
                    <td className={td}>
                      <Time date={s.confirmedAt ?? s.createdAt} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </InboxSection>
      )}

      {alertsSent.length > 0 && (
        <InboxSection name="alerts-sent" title="Alerts and home reports sent" className="mt-8">
          <ul className="mt-2 divide-y divide-line text-sm" data-testid="alerts-sent">
            {alertsSent.map((a) => (
              <li key={a.id} className="flex flex-wrap gap-x-3 py-1">
                <Time date={a.createdAt} />
                <span>
                  {a.kind === "home-report" ? "Home report, " : ""}
                  {a.homes} home{a.homes === 1 ? "" : "s"}
                </span>
                <span className={a.status === "failed" ? "font-bold text-danger" : "text-ink-muted"}>
                  {DELIVERY[a.status]}
                  {a.sentAt && (
                    <>
                      {" "}
                      <Time date={a.sentAt} />
                    </>
                  )}
                </span>
              </li>
            ))}
          </ul>
        </InboxSection>
      )}

      {homesOpened.length > 0 && (
        <InboxSection name="homes-opened" title="Homes opened from alerts and home reports" className="mt-8">
          <ul className="mt-2 divide-y divide-line text-sm" data-testid="homes-opened">
            {homesOpened.map((h) => (
              <li key={h.listingKey} className="flex flex-wrap gap-x-3 py-1">
                {h.path ? (
                  <Link to={h.path} className="font-bold text-brand underline">
                    {h.address ?? h.listingKey}
                  </Link>
                ) : (
                  <span className="font-bold">{h.address ?? `Listing ${h.listingKey} (no longer on the site)`}</span>
                )}
                <span>
                  {h.report ? "from the home report, " : ""}
                  {h.times === 1 ? "on one day" : `on ${h.times} days`}, last <Time date={h.lastAt} />
                </span>
              </li>
            ))}
          </ul>
        </InboxSection>
      )}
    </>
  );
}
