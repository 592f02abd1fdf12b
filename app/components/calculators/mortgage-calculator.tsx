import Link2 from "lucide-react/icons/link-2";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useLocation } from "react-router";
import { toast } from "~/lib/toast";
import { formatCurrency, formatPercent } from "~/lib/format";
import {
  COMPOUNDING_OPTIONS,
  LOAN_TERMS,
  PAYMENT_FREQUENCIES,
  type Compounding,
  type LoanTerm,
  type PaymentFrequency,
} from "~/lib/mortgage";
import { STANDARD_AMORTIZATION_YEARS } from "~/lib/mortgage-insurance";
import {
  FIELD,
  evaluateCalculator,
  inputsFromFragment,
  inputsFromParams,
  inputsToFragment,
  switchDownUnit,
  type CalculatorInputs,
  type DownUnit,
} from "~/lib/mortgage-inputs";
import { AmortizationTable, BalanceChart } from "./amortization-chart";
import { Choice } from "./choice";
import { DownPaymentNote, ResultDetails, ThirtyYearQuestion, WITHOUT_INSURANCE, payoffText } from "./mortgage-result-details";
import { NumberField } from "./number-field";

/** The note spec §2 requires under the result, word for word. */
export const ESTIMATE_NOTE = "This is an estimate. Contact a mortgage professional for accurate calculations.";

/** Replaces the fragment without a history entry or a router navigation. */
function writeFragment(inputs: CalculatorInputs) {
  const { pathname, search } = window.location;
  // Keep React Router's own history state (its idx drives the BACK button).
  window.history.replaceState(window.history.state, "", `${pathname}${search}#${inputsToFragment(inputs)}`);
}

/**
 * What the visitor changed in the form before React hydrated it: the fields whose value in the
 * page differs from what the server rendered. The page is visible and its fields take typing
 * well before hydration (which waits for the load event, decision 002), and React hydrates a
 * field without reading its value: without this, the state kept the server's value, the result
 * ignored the typed one, and the next render put the server's value back in the field.
 */
function typedBeforeHydration(form: HTMLFormElement, rendered: CalculatorInputs): Partial<CalculatorInputs> {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form)) if (typeof value === "string") params.append(name, value);
  const inPage = inputsFromParams(params);
  return Object.fromEntries(
    (Object.keys(inPage) as (keyof CalculatorInputs)[]).filter((key) => inPage[key] !== rendered[key]).map((key) => [key, inPage[key]]),
  );
}

/**
 * Keeps the inputs in the URL fragment, so a result can be shared: on load a fragment wins over
 * the server's values, what the visitor typed before hydration wins over both, and every change
 * rewrites it. A query string (the no-JavaScript form's result) is stripped by the site once
 * scripts run (spec §2); its inputs move to the fragment as soon as it is gone.
 */
function useFragmentSync(initial: CalculatorInputs, fromQuery: boolean) {
  const [inputs, setInputs] = useState(initial);
  const { search } = useLocation();
  const moveQueryToFragment = useRef(fromQuery);
  const form = useRef<HTMLFormElement>(null);
  const rendered = useRef(initial);

  useEffect(() => {
    const shared = inputsFromFragment(window.location.hash);
    const typed = form.current ? typedBeforeHydration(form.current, rendered.current) : {};
    if (shared) moveQueryToFragment.current = false;
    if (shared || Object.keys(typed).length > 0) {
      const next = { ...(shared ?? rendered.current), ...typed };
      setInputs(next);
      // The typed values go into the fragment, as a change after hydration would.
      if (Object.keys(typed).length > 0) {
        if (window.location.search) moveQueryToFragment.current = true;
        else writeFragment(next);
      }
    }
    const onHashChange = () => {
      const next = inputsFromFragment(window.location.hash);
      if (next) setInputs(next);
    };
    window.addEventListener("hashchange", onHashChange);
    return () => window.removeEventListener("hashchange", onHashChange);
  }, []);

  useEffect(() => {
    if (moveQueryToFragment.current && !search) {
      moveQueryToFragment.current = false;
      writeFragment(inputs);
    }
  }, [search, inputs]);

  const update = (next: CalculatorInputs) => {
    setInputs(next);
    if (search) moveQueryToFragment.current = true;
    else writeFragment(next);
  };
  return [inputs, update, form] as const;
}

const termOptions = LOAN_TERMS.map((years) => ({ value: years, label: `${years} years` }));
const frequencyOptions = PAYMENT_FREQUENCIES.map((f) => ({ value: f.id, label: f.label }));
const compoundingOptions = COMPOUNDING_OPTIONS.map((c) => ({ value: c.id, label: c.label }));

/**
 * The mortgage calculator: the spec's four inputs and monthly payment first, the Canadian
 * details (down payment rules, insurance, frequency, compounding, schedule) after.
 *
 * Works as a plain GET form without JavaScript (the server renders `initialInputs` from the
 * query); with it, results follow every keystroke and the inputs live in the URL fragment.
 * `formAction` is where the no-JavaScript form goes (a prerendered page cannot read a query).
 */
export function MortgageCalculator({
  initialInputs,
  fromQuery = false,
  formAction,
}: {
  initialInputs: CalculatorInputs;
  fromQuery?: boolean;
  formAction?: string;
}) {
  const [inputs, setInputs, formRef] = useFragmentSync(initialInputs, fromQuery);
  const { hints, result } = useMemo(() => evaluateCalculator(inputs), [inputs]);
  const [hydrated, setHydrated] = useState(false);
  const resultRef = useRef<HTMLHeadingElement>(null);
  const ids = useId();
  useEffect(() => setHydrated(true), []);

  const set =
    <K extends keyof CalculatorInputs>(key: K) =>
    (value: CalculatorInputs[K]) =>
      setInputs({ ...inputs, [key]: value });
  const monthly = result?.monthlyPayment ?? null;
  const hintList = Object.values(hints);

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(window.location.href);
      toast.success("Link copied!", { description: "The link has been copied to your clipboard." });
    } catch {
      toast.error("Could not copy the link", { description: "Copy it from the address bar instead." });
    }
  };

  return (
    // One form around everything: the result sits between the four main inputs and the options
    // in the markup, so on a phone it shows right under the fields that drive it; on wide
    // screens the grid puts it in its own column.
    <form
      ref={formRef}
      method="get"
      action={formAction}
      noValidate
      onSubmit={(event) => {
        // With scripts the result is already on screen; the button takes the visitor to it.
        event.preventDefault();
        resultRef.current?.focus();
      }}
      aria-label="Mortgage calculator"
      className="grid grid-cols-[minmax(0,1fr)] gap-x-10 gap-y-8 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]"
    >
      <div className="space-y-5 lg:col-start-1 lg:row-start-1">
        <NumberField label="Home price" name={FIELD.price} prefix="$" value={inputs.price} onChange={set("price")} hint={hints.price} />
        <div>
          <NumberField
            label="Down payment"
            name={FIELD.down}
            prefix={inputs.downUnit === "amount" ? "$" : undefined}
            suffix={inputs.downUnit === "percent" ? "%" : undefined}
            value={inputs.down}
            onChange={set("down")}
            hint={hints.down}
            description={result ? <DownPaymentNote result={result} /> : undefined}
          />
          <fieldset className="mt-1">
            <legend className="sr-only">Enter the down payment</legend>
            <div className="flex flex-wrap gap-x-5 text-sm text-ink">
              {(
                [
                  ["amount", "In dollars"],
                  ["percent", "As % of price"],
                ] as const
              ).map(([unit, label]) => (
                <label key={unit} className="inline-flex min-h-11 items-center gap-2">
                  <input
                    type="radio"
                    name={FIELD.downUnit}
                    value={unit}
                    checked={inputs.downUnit === unit}
                    onChange={() => setInputs(switchDownUnit(inputs, unit as DownUnit))}
                    className="size-4 accent-brand"
                  />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>
        </div>
        <NumberField
          label="Interest rate (annual %)"
          name={FIELD.rate}
          suffix="%"
          step="0.1"
          value={inputs.rate}
          onChange={set("rate")}
          hint={hints.rate}
        />
        <Choice<LoanTerm>
          label="Loan term (amortization)"
          name={FIELD.years}
          value={inputs.years}
          options={termOptions}
          onChange={set("years")}
        />
        {result?.insurance.status === "required" && inputs.years > STANDARD_AMORTIZATION_YEARS && (
          <ThirtyYearQuestion inputs={inputs} setInputs={setInputs} />
        )}
      </div>

      <section
        aria-labelledby={`${ids}-result`}
        className="self-start rounded-xl border border-line bg-surface-muted p-5 sm:p-6 lg:col-start-2 lg:row-span-2 lg:row-start-1"
      >
        <h2 id={`${ids}-result`} ref={resultRef} tabIndex={-1} className="text-lg font-bold text-ink outline-none">
          Your estimate
        </h2>
        <div aria-live="polite" aria-atomic="true" className="mt-2 min-h-20">
          {monthly !== null ? (
            <p data-testid="monthly-payment">
              <span className="block text-sm text-ink-muted">
                {result?.monthlyWithPremium != null ? `Monthly payment ${WITHOUT_INSURANCE.toLowerCase()}` : "Monthly payment"}
              </span>
              <span className="block text-4xl font-bold tracking-tight text-brand sm:text-5xl">{formatCurrency(monthly)}</span>
              {result?.monthlyWithPremium != null && (
                <span className="mt-1 block text-sm text-ink" data-testid="payment-with-premium">
                  {formatCurrency(result.monthlyWithPremium)} a month with the {formatCurrency(result.insurance.premium)} mortgage insurance
                  premium added to the loan
                </span>
              )}
            </p>
          ) : (
            <p data-testid="no-result" className="pt-2 text-base text-ink">
              {hintList.length > 0 ? `No payment yet. ${hintList.join(" ")}` : "No payment to show for these numbers."}
            </p>
          )}
        </div>
        <p className="mt-3 text-sm text-ink-muted">{ESTIMATE_NOTE}</p>
        {result && monthly !== null && <ResultDetails result={result} />}
        <button
          type="button"
          onClick={copyLink}
          // Needs scripts: invisible (not removed, so nothing shifts) until hydrated.
          className={`mt-4 inline-flex min-h-11 items-center gap-2 rounded-md border border-brand px-4 py-2 text-sm font-bold text-brand hover:bg-brand-soft ${hydrated ? "" : "invisible"}`}
          aria-hidden={hydrated ? undefined : true}
          tabIndex={hydrated ? undefined : -1}
        >
          <Link2 aria-hidden="true" className="size-4" />
          Copy link to this estimate
        </button>
      </section>

      <div className="space-y-5 lg:col-start-1 lg:row-start-2">
        <fieldset className="rounded-lg border border-line p-4">
          <legend className="px-1 text-sm font-bold text-ink-muted">More options</legend>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
            <Choice<PaymentFrequency>
              label="Payment frequency"
              name={FIELD.frequency}
              value={inputs.frequency}
              options={frequencyOptions}
              onChange={set("frequency")}
            />
            <Choice<Compounding>
              label="Interest compounding"
              name={FIELD.compounding}
              value={inputs.compounding}
              options={compoundingOptions}
              onChange={set("compounding")}
            />
          </div>
          <p className="mt-3 text-xs text-ink-muted">
            Canadian fixed-rate mortgages compound semi-annually, which makes the payment a little lower than monthly compounding at the
            same rate.
          </p>
        </fieldset>
        <button
          type="submit"
          className="inline-flex min-h-11 items-center justify-center rounded-md bg-brand px-5 py-2.5 font-bold text-on-brand hover:bg-brand-strong"
        >
          Calculate
        </button>
      </div>

      {result?.schedule && monthly !== null && (
        <section aria-labelledby={`${ids}-chart`} className="lg:col-span-2">
          <h2 id={`${ids}-chart`} className="text-xl font-bold text-ink">
            Your balance over time
          </h2>
          <p className="mt-1 text-sm text-ink-muted" data-testid="schedule-summary">
            {result.scheduleWithPremium ? `${WITHOUT_INSURANCE}, like the payment above: ` : ""}
            {formatCurrency(result.schedule.payment, { cents: true })} {result.frequency.label.toLowerCase()} on{" "}
            {formatCurrency(result.loan)} at {formatPercent(result.ratePercent)}, paid off in {payoffText(result.schedule.payoffYears)}.
          </p>
          <div className="mt-4 max-w-4xl">
            <BalanceChart schedule={result.schedule} principal={result.loan} />
          </div>
          <details className="mt-4 max-w-4xl rounded-lg border border-line p-3">
            <summary className="cursor-pointer font-bold text-ink">Year-by-year table</summary>
            <div className="mt-3">
              <AmortizationTable schedule={result.schedule} />
            </div>
          </details>
        </section>
      )}
    </form>
  );
}
