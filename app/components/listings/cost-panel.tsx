/**
 * "What this home costs a month" on a listing page (issue 28): the buyer's case and the 20 % one
 * side by side, the rules each figure follows with their sources and dates, and a GET form that
 * works without JavaScript (the server renders the figures of the address's query) and
 * recomputes in place with it.
 *
 * A part that loads when the buyer reaches for it (the listing page's `lazyPart`, decision 061):
 * it works out its own figures from the price, the feed's tax and fee and the query, on the server
 * and again in the browser once loaded, so neither the figures nor the rules travel in the page's
 * data, and its arithmetic is not in the page's first script.
 */
import { useId, useState, type ReactNode } from "react";
import { Link } from "react-router";
import { Cite } from "~/components/blog/cite";
import type { SentFigures } from "~/lib/buyer-figures";
import { LISTING_COST_RULES as RULES } from "~/lib/listing-cost-rules";
import { type CostColumn, type CostFields, type CostNote, costViewOf, fieldsQuery } from "~/lib/listing-cost-view";
import type { ListingCostInputs } from "~/lib/listing-types";

function Row({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="flex items-baseline justify-between gap-3 py-1">
      <dt className="min-w-0 text-ink-muted">
        {label}
        {note && <span className="block text-xs">{note}</span>}
      </dt>
      <dd className="shrink-0 font-bold text-ink">{value}</dd>
    </div>
  );
}

function CaseColumn({ column: c }: { column: CostColumn }) {
  return (
    <div className="min-w-0 rounded-lg border border-line bg-surface p-4" data-testid={c.testId}>
      <h3 className="font-bold text-ink">{c.title}</h3>
      <p className="text-sm text-ink-muted">{c.down}</p>
      <dl className="mt-2 text-sm">
        {c.rows.map((row) => (
          <Row key={row.label} {...row} />
        ))}
        <div className="mt-1 flex items-baseline justify-between gap-3 border-t border-line pt-2">
          <dt className="font-bold text-ink">Total a month</dt>
          <dd className="text-2xl font-bold text-brand" data-testid={`${c.testId}-total`}>
            {c.total}
          </dd>
        </div>
      </dl>
      {c.income !== null && (
        <p className="mt-2 text-sm text-ink">
          Household income to qualify: about <strong>{c.income}</strong> a year{" "}
          <span className="text-ink-muted">({c.gdsPercent}% of income)</span>
        </p>
      )}
    </div>
  );
}

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="block text-sm font-bold text-ink">
        {label}
      </label>
      {children}
    </div>
  );
}

const LONG_AMORTIZATION_ANSWERS = [
  ["ftb", "One of us is a first-time home buyer"],
  ["new", "The home is newly built"],
] as const;

const inputClass = "mt-1 block min-h-11 w-full min-w-0 rounded-md border border-line bg-surface px-3 text-base text-ink";

/** The rules behind the figures (listing-cost-view.ts words them, so their texts come with the data). */
function Notes({ notes }: { notes: readonly CostNote[] }) {
  return (
    <ul className="mt-4 list-disc space-y-1 pl-5 text-xs text-ink-muted">
      {notes.map((note, i) => (
        <li key={i} data-testid={note.id}>
          {note.parts.map((part, j) => (typeof part === "string" ? part : <Cite key={j} source={part.cite} />))}
        </li>
      ))}
    </ul>
  );
}

export function CostPanel({
  price,
  inputs,
  query,
  action,
  onFigures,
}: {
  price: number | null;
  /** The feed's tax and condo fee. */
  inputs: ListingCostInputs;
  /** The address's query (`?down=&rate=&years=`), as the no-JavaScript form sends it. */
  query: string;
  /** The listing's own path: the no-JavaScript form comes back to it. */
  action: string;
  /** Told the buyer's figures each time they change, for "Ask about this home". */
  onFigures: (figures: SentFigures) => void;
}) {
  // The server's figures first, the same in the browser, so nothing moves when the part hydrates.
  const [view, setView] = useState(() => costViewOf(price, inputs, new URLSearchParams(query)));
  const [fields, setFields] = useState<CostFields>(() => view?.fields ?? { down: "", rate: "", years: "", ftb: "", new: "" });
  const id = useId();
  if (!view) return null;
  const onField = (key: keyof CostFields, value: string) => {
    const next = { ...fields, [key]: value };
    setFields(next);
    const nextQuery = fieldsQuery(next);
    const nextView = costViewOf(price, inputs, nextQuery, true);
    if (nextView) {
      setView(nextView);
      onFigures(nextView.sent);
    }
    const { pathname, hash } = window.location;
    // Kept in the address, so a reload or a shared link keeps the figures; React Router's own history state (its
    // idx drives the back button) stays, and there is no navigation, so no loader request.
    window.history.replaceState(window.history.state, "", `${pathname}?${nextQuery.toString()}${hash}`);
  };
  const names = RULES.fields;
  return (
    <section
      id="monthly-costs"
      aria-labelledby={`${id}-h`}
      className="mt-8 rounded-xl border border-line bg-surface-muted p-4 sm:p-5"
      data-testid="cost-panel"
    >
      <h2 id={`${id}-h`} className="text-xl font-bold text-ink">
        What this home costs a month
      </h2>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        {view.columns.map((column) => (
          <CaseColumn key={column.testId} column={column} />
        ))}
      </div>
      <form
        method="get"
        action={`${action}#monthly-costs`}
        // Loaded, the figures follow every change: "Update" has nothing left to send.
        onSubmit={(e) => e.preventDefault()}
        className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-[minmax(0,3fr)_minmax(0,2fr)_minmax(0,2fr)_auto] sm:items-end"
        aria-label="Your down payment, rate and amortization"
        data-testid="cost-form"
      >
        <div className="col-span-2 sm:col-span-1">
          <Field id={`${id}-down`} label="Down payment ($)">
            <input
              id={`${id}-down`}
              name={names.down}
              inputMode="decimal"
              autoComplete="off"
              value={fields.down}
              onChange={(e) => onField("down", e.target.value)}
              className={inputClass}
            />
          </Field>
        </div>
        <Field id={`${id}-rate`} label="Rate (%)">
          <input
            id={`${id}-rate`}
            name={names.rate}
            inputMode="decimal"
            autoComplete="off"
            value={fields.rate}
            onChange={(e) => onField("rate", e.target.value)}
            className={inputClass}
          />
        </Field>
        <Field id={`${id}-years`} label="Amortization">
          <select
            id={`${id}-years`}
            name={names.years}
            value={fields.years}
            onChange={(e) => onField("years", e.target.value)}
            className={inputClass}
          >
            {RULES.loanTerms.map((y) => (
              <option key={y} value={String(y)}>
                {y} years
              </option>
            ))}
          </select>
        </Field>
        <button
          type="submit"
          className="col-span-2 inline-flex min-h-11 items-center justify-center rounded-md bg-brand px-4 font-bold text-on-brand hover:bg-brand-strong sm:col-span-1"
        >
          Update
        </button>
        <fieldset className="col-span-2 text-sm text-ink sm:col-span-4" data-testid="cost-long-amortization">
          <legend className="font-bold">
            {RULES.loanTerms[RULES.loanTerms.length - 1]} years with under {RULES.downPayment.uninsuredPercent}% down is open only if:
          </legend>
          <div className="flex flex-wrap gap-x-5">
            {LONG_AMORTIZATION_ANSWERS.map(([answer, label]) => (
              <label key={answer} className="flex min-h-11 items-center gap-2">
                <input
                  type="checkbox"
                  name={names[answer]}
                  value="1"
                  checked={fields[answer] === "1"}
                  onChange={(e) => onField(answer, e.target.checked ? "1" : "")}
                  className="size-4 accent-brand"
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
      </form>
      <div aria-live="polite" className="text-sm text-danger" data-testid="cost-messages">
        {view.messages.map((m) => (
          <p key={m} className="mt-2">
            {m}
          </p>
        ))}
      </div>
      <p className="mt-3">
        <Link to={view.calculatorHref} className="font-bold text-brand underline" data-testid="cost-calculator-link">
          Open these numbers in the full mortgage calculator
        </Link>
      </p>
      <Notes notes={view.notes} />
    </section>
  );
}
