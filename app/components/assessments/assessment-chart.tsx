import { useId } from "react";
import { chartGeometry } from "~/lib/assessments/present";
import { formatCurrency } from "~/lib/format";

/**
 * A home's (or a neighbourhood's) assessments over the years as a small SVG line, drawn from the
 * loader's figures on the server; no chart script. The figures are also in the SVG's title and a
 * visually hidden list, for screen readers and for reading without the picture.
 */
export function AssessmentChart({ values, label }: { values: readonly { year: number; value: number }[]; label: string }) {
  const titleId = useId();
  const g = chartGeometry(values);
  if (!g) return null;
  return (
    <figure className="mt-4" data-testid="assessment-chart">
      <svg viewBox={`0 0 ${g.width} ${g.height}`} role="img" aria-labelledby={titleId} className="h-auto w-full max-w-md text-brand">
        <title id={titleId}>{label}</title>
        {g.ticks.map((t) => (
          <g key={t.label}>
            <line x1={60} x2={g.width - 8} y1={t.y} y2={t.y} className="stroke-line" strokeWidth={1} />
            <text x={56} y={t.y + 4} textAnchor="end" className="fill-ink-muted" fontSize={11}>
              {t.label}
            </text>
          </g>
        ))}
        {/* The last year ends at the right edge (centred on its point, it would be cut off there). */}
        {g.years.map((t, i) => (
          <text
            key={t.label}
            x={t.x}
            y={g.height - 6}
            textAnchor={i > 0 && i === g.years.length - 1 ? "end" : "middle"}
            className="fill-ink-muted"
            fontSize={11}
          >
            {t.label}
          </text>
        ))}
        <polyline points={g.points} fill="none" stroke="currentColor" strokeWidth={2} />
        {g.dots.map((d) => (
          <circle key={d.year} cx={d.x} cy={d.y} r={3} fill="currentColor" />
        ))}
      </svg>
      <figcaption className="sr-only">
        <ul>
          {values.map((v) => (
            <li key={v.year}>
              {v.year}: {formatCurrency(v.value)}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
