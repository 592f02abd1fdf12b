import { mapGeometry } from "~/lib/assessments/neighbourhood-view";
import type { Point } from "~/lib/assessments/geometry";

/** The neighbourhood's boundary (or outline) with its listings as dots: an SVG drawn from the loader's points, no map tiles. */
export function NeighbourhoodMap({
  name,
  outline,
  points,
  boundary,
}: {
  name: string;
  outline: Point[];
  points: Point[];
  boundary?: Point[][][] | null;
}) {
  const g = mapGeometry(outline, points, 320, boundary);
  if (!g) return null;
  return (
    <svg
      viewBox={`0 0 ${g.width} ${g.height}`}
      role="img"
      aria-label={`Outline of ${name} with its ${points.length} home(s) for sale as dots`}
      className="h-auto w-full max-w-sm"
      data-testid="neighbourhood-map"
    >
      {g.path ? (
        <path d={g.path} fillRule="evenodd" className="fill-surface stroke-brand" strokeWidth={2} />
      ) : (
        <polygon points={g.outline} className="fill-surface stroke-brand" strokeWidth={2} />
      )}
      {g.dots.map((d, i) => (
        <circle key={i} cx={d.x} cy={d.y} r={5} className="fill-brand stroke-white" strokeWidth={1.5} />
      ))}
    </svg>
  );
}
