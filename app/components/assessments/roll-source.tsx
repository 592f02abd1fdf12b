import { ROLL_SOURCE } from "~/lib/assessments/present";

/** The source and licence line every figure from the roll carries. */
export function RollSource({ className = "" }: { className?: string }) {
  return (
    <p className={`text-sm text-ink-muted ${className}`} data-testid="roll-source">
      Source:{" "}
      <a href={ROLL_SOURCE.datasetUrl} className="underline" rel="noopener">
        {ROLL_SOURCE.publisher}, {ROLL_SOURCE.dataset}
      </a>
      . {ROLL_SOURCE.attribution} An assessment is the City&rsquo;s estimate of market value for property tax, not an appraisal.
    </p>
  );
}
