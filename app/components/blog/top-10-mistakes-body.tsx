import type { ReactNode } from "react";
import { CheckList } from "~/components/blog/check-list";
import { Cite } from "~/components/blog/cite";
import { Sources } from "~/components/blog/sources";
import { TermList } from "~/components/blog/term-list";
import { checklist, mistakes, recoveries } from "~/content/blog/data/top-10-mistakes-to-avoid-when-buying-a-home";
import { landTitleFees } from "~/lib/fees";
import { formatCurrency } from "~/lib/mortgage";
import { EDMONTON_PROPERTY_TAX_PERCENT, EDMONTON_TOTAL_PROPERTY_TAX_PERCENT, ruleSources } from "~/lib/mortgage-rules";

/*
 * "Top 10 Mistakes to Avoid When Buying a Home" from its cards to its short version: the part of
 * the article that loads when the reader reaches for it, its server HTML kept until then (decision 061).
 */

/** Worked examples shown under two of the cards; every figure is computed. */
const EXAMPLE_PRICE = 450_000;
const EXAMPLE_MORTGAGE = 360_000;
const TAX_EXAMPLE_ASSESSMENT = 400_000;

function examples(): Partial<Record<string, ReactNode>> {
  const fees = landTitleFees({ price: EXAMPLE_PRICE, mortgage: EXAMPLE_MORTGAGE });
  const yearlyTax = (TAX_EXAMPLE_ASSESSMENT * EDMONTON_TOTAL_PROPERTY_TAX_PERCENT) / 100;
  return {
    "borrowing-the-maximum": (
      <p>
        <strong>Example:</strong> Edmonton's municipal property tax works out to about {EDMONTON_PROPERTY_TAX_PERCENT}% of assessed value a
        year, and the provincial education tax on the same bill brings the total to about {EDMONTON_TOTAL_PROPERTY_TAX_PERCENT}%{" "}
        <Cite source={ruleSources.edmontonPropertyTax} />. A home assessed at {formatCurrency(TAX_EXAMPLE_ASSESSMENT)} pays roughly{" "}
        {formatCurrency(yearlyTax)} a year, or about {formatCurrency(yearlyTax / 12)} a month, before utilities, insurance and upkeep.
        Surrounding towns and counties set their own rates.
      </p>
    ),
    "forgetting-closing-costs": (
      <p>
        <strong>Example:</strong> on a {formatCurrency(EXAMPLE_PRICE)} home with a {formatCurrency(EXAMPLE_MORTGAGE)} mortgage, the Alberta
        land title fees alone are {formatCurrency(fees.transfer)} to register the transfer plus {formatCurrency(fees.mortgage)} to register
        the mortgage: {formatCurrency(fees.total)} in total <Cite source={ruleSources.landTitleFees} />, before the lawyer, inspection or
        adjustments.
      </p>
    ),
  };
}

/** The ten cards, what to do after a mistake, the checklist and the short version. */
export function Top10MistakesBody() {
  const extra = examples();
  return (
    <>
      <h2>The mistakes, and how to avoid each one</h2>
      <ol className="list-none! space-y-6! pl-0!">
        {mistakes.map((m, index) => {
          const Icon = m.icon;
          return (
            <li key={m.id} id={m.id} className="scroll-mt-24 rounded-xl border border-line p-5 sm:p-6">
              <div className="flex items-start gap-4">
                <span
                  aria-hidden="true"
                  className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-soft text-brand"
                >
                  <Icon className="size-5" />
                </span>
                <h3 className="mt-1! mb-0!">
                  <span className="text-brand">Mistake {index + 1}:</span> {m.title}
                </h3>
              </div>
              <p>{m.problem}</p>
              {extra[m.id]}
              <h4 className="mt-4 font-bold text-ink">How to avoid it</h4>
              <CheckList items={m.tips} />
              {m.cites && (
                <p className="text-sm">
                  {m.cites.map((c, i) => (
                    <span key={c.url}>
                      {i > 0 && " "}
                      <Cite source={c} />
                    </span>
                  ))}
                </p>
              )}
              <Sources label="Read more: " links={[...(m.links ?? []), ...(m.sources ?? [])]} />
            </li>
          );
        })}
      </ol>

      <h2>Already made one of these mistakes?</h2>
      <p>It happens, and most of them can still be managed. What I suggest:</p>
      <TermList items={recoveries} />

      <h2>A mistake-proof checklist</h2>
      <p>Keep this list handy and tick off each line before you move to the next stage.</p>
      <div className="grid gap-4 sm:grid-cols-2">
        {checklist.map((stage) => (
          <div key={stage.title} className="rounded-xl border border-line p-5">
            <h3 className="mt-0!">{stage.title}</h3>
            <CheckList items={stage.items} />
          </div>
        ))}
      </div>

      <h2>The short version</h2>
      <p>
        Get pre-approved first, spend less than your approval, budget for closing costs, keep your inspection and condo review conditions,
        leave your finances alone until you have the keys, and have your own agent check every comparable and every deadline. Do that and
        the other mistakes rarely happen.
      </p>
    </>
  );
}
