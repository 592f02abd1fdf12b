import type { ReactNode } from "react";
import * as guide from "~/content/blog/data/complete-step-by-step-home-buyers-guide";
import { WithCite } from "./cite";

/**
 * Building blocks of the step-by-step home buyer's guide: one numbered step (its title and summary
 * come from the guide's data, so the contents list and the headings never disagree) and a cell of
 * the closing-costs table.
 */
export function Step({ number, children }: { number: number; children: ReactNode }) {
  const step = guide.guideSteps.find((s) => s.number === number);
  if (!step) throw new Error(`No step ${number} in the buyer guide data`);
  return (
    <section id={`step-${number}`} aria-labelledby={`step-${number}-title`} className="mt-12 scroll-mt-24 border-t border-line pt-2">
      <h2 id={`step-${number}-title`} className="flex items-baseline gap-3">
        <span
          aria-hidden="true"
          className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-brand text-base text-on-brand"
        >
          {number}
        </span>
        <span>
          <span className="sr-only">Step {number}: </span>
          {step.title}
        </span>
      </h2>
      <p className="text-lg text-ink-muted!">{step.summary}</p>
      {children}
    </section>
  );
}

export function CostCell({ cost, description, step, cite }: guide.ClosingCost) {
  return (
    <>
      <WithCite cite={cite}>
        <strong>{cost}</strong>
      </WithCite>
      <span className="mt-1 block text-ink-muted">{`${description} (Step ${step})`}</span>
    </>
  );
}
