import type { SignInRow } from "~/lib/inbox";
import { Time } from "./inbox-ui";

/** Recent sign-ins on the Account page: who, how, from where, and why a failure failed. */
export function SignInList({ rows, testId }: { rows: SignInRow[]; testId: string }) {
  return (
    <ul className="mt-2 divide-y divide-line border-y border-line text-sm" data-testid={testId}>
      {rows.map((s) => (
        <li key={s.id} className="py-2">
          <p>
            <span className={`font-bold ${s.ok ? "" : "text-danger"}`}>{s.ok ? "Signed in" : `Failed (${s.reason ?? "unknown"})`}</span> ·{" "}
            {s.method} · <Time date={s.created_at} />
          </p>
          <p className="break-words text-ink-muted">
            {s.email ?? "no e-mail"} · {s.address ?? "unknown address"}
          </p>
          {s.user_agent && (
            <p className="truncate text-ink-muted" title={s.user_agent}>
              {s.user_agent}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
