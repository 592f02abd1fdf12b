import type { HealthState } from "~/lib/health-state";
import { InboxSection, RULED, Time } from "./inbox-ui";

/** What protects the leads, each with its state: the same checks that alert the agent. */
export function HealthSection({ health }: { health: HealthState[] }) {
  const failing = health.filter((h) => h.failing);
  return (
    <InboxSection name="health" title="Site health" className={RULED} large anchor="health" testId="health">
      <p className="mt-2 text-ink-muted">
        {failing.length === 0
          ? "Everything that protects your leads is working."
          : `${failing.length} thing${failing.length === 1 ? " needs" : "s need"} attention. You are told by push and e-mail when one stops working and when it works again.`}
      </p>
      <ul className="mt-3 space-y-2">
        {health.map((h) => (
          <li key={h.problem} data-problem={h.problem} data-state={h.failing ? "failing" : "ok"}>
            {/* Styled as an error but not a live region (no role="alert"): the page shows a state, it announces nothing. */}
            {h.failing ? (
              <p className="rounded-md border border-danger bg-danger-soft px-3 py-2 text-sm text-danger">
                <strong>{h.label}: needs attention.</strong> {h.detail.replace(/\.$/, "")}.
                {h.since && (
                  <>
                    {" "}
                    Since <Time date={h.since} />
                  </>
                )}
              </p>
            ) : (
              <p>
                <strong>{h.label}: working.</strong> {h.detail.replace(/\.$/, "")}.
              </p>
            )}
          </li>
        ))}
      </ul>
    </InboxSection>
  );
}
