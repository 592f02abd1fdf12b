import MapPin from "lucide-react/icons/map-pin";
import { Link } from "react-router";
import { areas } from "~/content/areas";

/** 'Areas We Cover': the fifteen areas of areas.ts, each linking to its listing page. */
export function AreasGrid() {
  return (
    <section aria-labelledby="areas-heading" className="mx-auto max-w-6xl px-4 pt-16">
      <h2 id="areas-heading" className="text-3xl font-bold tracking-tight text-ink">
        Areas We Cover
      </h2>
      <p className="mt-2 text-ink-muted">Ten communities and five rural counties around Edmonton, each with its own live listings.</p>
      <ul className="mt-6 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="areas-grid">
        {areas.map((area) => (
          <li key={area.path}>
            <Link
              to={area.path}
              prefetch="intent"
              className="flex min-h-16 items-center gap-3 rounded-lg border border-line bg-surface px-4 py-3 text-ink transition-colors hover:border-brand hover:bg-brand-soft"
            >
              <MapPin aria-hidden="true" className="size-5 shrink-0 text-ink-muted" />
              <span className="flex-1">
                <span className="block font-bold">{area.name}</span>
                <span className="block text-sm text-ink-muted">
                  {area.kind === "city" ? "City and town listings" : "Acreages and rural listings"}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
