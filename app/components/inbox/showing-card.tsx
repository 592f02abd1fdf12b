import { Form, Link, useNavigation } from "react-router";
import { SHOWING_STATE_LABELS, type ShowingView } from "~/lib/showings";

/** One showing in the inbox (the day view, a person's page): when, where, who, and Confirm or Cancel while it is on. */
export function ShowingCard({ s }: { s: ShowingView }) {
  const busy = useNavigation().state === "submitting";
  return (
    <li className="rounded-lg border border-line p-4" data-testid={`showing-${s.id}`}>
      <p className="font-bold text-ink">
        {s.day}, {s.time} <span className="ml-2 rounded bg-surface-muted px-2 py-0.5 text-sm">{SHOWING_STATE_LABELS[s.state]}</span>
      </p>
      <p className="mt-1 text-ink wrap-anywhere">
        <Link to={s.path} className="text-brand underline">
          {s.address}
        </Link>
      </p>
      <p className="mt-1 text-ink wrap-anywhere">
        {s.personId ? (
          <Link to={`/inbox/people/${s.personId}`} className="text-brand underline">
            {s.name}
          </Link>
        ) : (
          s.name
        )}{" "}
        · <a href={`tel:${s.phone.replace(/[^\d+]/g, "")}`}>{s.phone}</a> · {s.email}
      </p>
      {s.note && <p className="mt-1 whitespace-pre-line text-ink-muted wrap-anywhere">{s.note}</p>}
      {(s.state === "requested" || s.state === "confirmed") && (
        <div className="mt-3 flex flex-wrap gap-2">
          {s.state === "requested" && (
            <Form method="post" action="/inbox/showings">
              <input type="hidden" name="showingId" value={s.id} />
              <button
                type="submit"
                name="intent"
                value="confirm"
                disabled={busy}
                className="min-h-11 rounded-md bg-brand px-4 font-bold text-on-brand"
              >
                Confirm
              </button>
            </Form>
          )}
          <Form method="post" action="/inbox/showings">
            <input type="hidden" name="showingId" value={s.id} />
            <button
              type="submit"
              name="intent"
              value="cancel"
              disabled={busy}
              className="min-h-11 rounded-md border border-brand px-4 font-bold text-brand"
            >
              Cancel
            </button>
          </Form>
        </div>
      )}
    </li>
  );
}
