import { Link } from "react-router";
import { type ListingAssessmentView, askingAgainstAssessment, assessmentLine, squareMetres } from "~/lib/assessments/present";
import { AssessmentChart } from "./assessment-chart";
import { RollSource } from "./roll-source";

/** A listing's home as the City assesses it (issue 42): the value and its date, the lot, the years, the asking price against it. */
export function ListingAssessment({ view, className = "" }: { view: ListingAssessmentView; className?: string }) {
  const asking = askingAgainstAssessment(view.price, view.value);
  const facts: [string, string][] = [
    ...(view.lotSize !== null ? [["Lot size", squareMetres(view.lotSize)] as [string, string]] : []),
    ...(view.yearBuilt !== null ? [["Year built", String(view.yearBuilt)] as [string, string]] : []),
    ...(view.zoning !== null ? [["Zoning", view.zoning] as [string, string]] : []),
  ];
  const years = view.history ? [...view.history, { year: view.rollYear, value: view.value }] : null;
  return (
    <section aria-labelledby="assessment-heading" className={className} data-testid="listing-assessment">
      <h2 id="assessment-heading" className="text-xl font-bold text-ink">
        City assessment
      </h2>
      <p className="mt-2 text-lg text-ink" data-testid="assessment-line">
        {assessmentLine(view.value, view.rollYear)}
      </p>
      {asking && (
        <p className="mt-1 text-ink" data-testid="assessment-asking">
          {`The seller is ${asking}.`}
        </p>
      )}
      {facts.length > 0 && (
        <dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-2 sm:grid-cols-3">
          {facts.map(([label, value]) => (
            <div key={label} className="min-w-0">
              <dt className="text-sm font-bold uppercase tracking-wide text-ink-muted">{label}</dt>
              <dd className="text-ink wrap-anywhere">{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {years && (
        <AssessmentChart values={years} label={`This home's City of Edmonton assessments, ${years[0]!.year} to ${view.rollYear}`} />
      )}
      {view.neighbourhood && (
        <p className="mt-3">
          <Link to={`/neighbourhoods/${view.neighbourhood.slug}`} className="font-bold text-brand underline">
            Assessments in {view.neighbourhood.name}
          </Link>
        </p>
      )}
      <RollSource className="mt-3" />
    </section>
  );
}
