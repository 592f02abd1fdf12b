/**
 * "What this home costs a month" on a listing page (issue 28): the buyer's case and the 20 % one
 * side by side, the rules each figure follows with their sources and dates, and a GET form that
 * works without JavaScript (the loader reads its query) and recomputes in place with it.
 * Rendered from data alone (the figures and the rules come from the loader), so the page's
 * script carries no arithmetic until the buyer edits the form.
 */
import { useId, type ReactNode } from "react";
import { Link } from "react-router";
import { ExternalLink } from "~/components/blog/external-link";
import type { OfficialSource } from "~/lib/mortgage-rules";
import { formatLongDate } from "~/lib/dates";
import type { ListingCostRules } from "~/lib/listing-cost-rules";
import type { CostColumn, CostFields, CostNote, CostView } from "~/lib/listing-cost-view";

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

/**
 * components/blog/cite.tsx's markup, kept in step with it by the panel's tests: importing Cite
 * would load its chunk on every listing page, and the budget of issue 28 has no room for it.
 */
function Cite({ source }: { source: OfficialSource }) {
  return (
    <span data-citation="" className="text-ink-muted">
      (source: <ExternalLink href={source.url}>{source.name}</ExternalLink>
      {source.detail ? `, ${source.detail}` : ""}, as of <time dateTime={source.asOf}>{formatLongDate(source.asOf)}</time>)
    </span>
  );
}

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
  view,
  rules,
  fields,
  action,
  onField,
  onPrepare,
  ready,
}: {
  view: CostView;
  /** From the loader (listing-cost-rules.ts). */
  rules: ListingCostRules;
  fields: CostFields;
  /** The listing's own path: the no-JavaScript form comes back to it. */
  action: string;
  onField: (key: keyof CostFields, value: string) => void;
  onPrepare: () => void;
  /** Whether the browser can recompute; if not, "Update" sends the form as without JavaScript. */
  ready: () => boolean;
}) {
  const id = useId();
  const names = rules.fields;
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
        onFocus={onPrepare}
        onPointerDown={onPrepare}
        onSubmit={(e) => {
          if (ready()) e.preventDefault();
        }}
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
            {rules.loanTerms.map((y) => (
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
            {rules.loanTerms[rules.loanTerms.length - 1]} years with under {rules.downPayment.uninsuredPercent}% down is open only if:
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
