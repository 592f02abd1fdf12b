/** "Warming up": a person who watches a home, opened one from alerts twice, or asked about one (people.warming_at). */
export function WarmingBadge() {
  return (
    <span className="inline-flex rounded bg-brand-soft px-2 py-0.5 text-xs font-bold text-ink" data-testid="warming-badge">
      <span aria-hidden="true">🔥&nbsp;</span>Warming up
    </span>
  );
}
