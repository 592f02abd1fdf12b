import { BOUNDARIES_SOURCE, ROLL_SOURCE } from "~/lib/assessments/present";

/** The source and licence line every figure from the roll carries (and, on a page that draws one, the boundary's). */
export function RollSource({ className = "", boundaries = false }: { className?: string; boundaries?: boolean }) {
  return (
    <p className={`text-sm text-ink-muted ${className}`} data-testid="roll-source">
      Source:{" "}
      <a href={ROLL_SOURCE.datasetUrl} className="underline" rel="noopener">
        {ROLL_SOURCE.publisher}, {ROLL_SOURCE.dataset}
      </a>
      {boundaries && (
        <>
          {" "}
          and{" "}
          <a href={BOUNDARIES_SOURCE.datasetUrl} className="underline" rel="noopener">
            {BOUNDARIES_SOURCE.dataset}
          </a>
        </>
      )}
      . {ROLL_SOURCE.attribution} An assessment is the City&rsquo;s estimate of market value for property tax, not an appraisal.
    </p>
  );
}
