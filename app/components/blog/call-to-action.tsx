import type { ReactNode } from "react";
import { useId } from "react";
import { ButtonLink } from "~/components/ui/button";

export interface CallToActionLink {
  to: string;
  label: ReactNode;
  variant?: "primary" | "secondary";
}

const tones = {
  /** A full-width closing box. */
  brand: "mt-12 rounded-2xl bg-brand-soft p-6 sm:p-8",
  /** A card, e.g. one of two side by side. */
  card: "rounded-xl border border-line bg-surface-muted p-5",
} as const;

/**
 * An article's call to action: a heading, a sentence or two, and one or more button links to
 * pages of the site (contact, search, valuation).
 */
export function CallToAction({
  heading,
  headingLevel = 2,
  tone = "brand",
  className = "",
  actions,
  children,
}: {
  heading: ReactNode;
  headingLevel?: 2 | 3;
  tone?: keyof typeof tones;
  className?: string;
  actions: readonly CallToActionLink[];
  children: ReactNode;
}) {
  const headingId = useId();
  const Heading = headingLevel === 3 ? "h3" : "h2";
  return (
    <section aria-labelledby={headingId} className={`${tones[tone]} ${className}`.trim()}>
      <Heading id={headingId} className="mt-0!">
        {heading}
      </Heading>
      {children}
      <div className="mt-4 flex flex-wrap gap-3">
        {actions.map((a) => (
          <ButtonLink key={a.to} to={a.to} variant={a.variant}>
            {a.label}
          </ButtonLink>
        ))}
      </div>
    </section>
  );
}
