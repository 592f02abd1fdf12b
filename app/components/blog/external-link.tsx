import type { ComponentProps, ReactNode } from "react";

/** What a screen reader hears after the link text: the link leaves this site in a new tab. */
export const NEW_TAB_HINT = " (opens in a new tab)";

export type ExternalLinkProps = Omit<ComponentProps<"a">, "href" | "target" | "rel"> & {
  href: string;
  children: ReactNode;
  /** Shown after the text, before the hint (e.g. an aria-hidden "external" icon). */
  icon?: ReactNode;
  /** Screen-reader-only hint; by default " (opens in a new tab)". */
  hint?: string;
};

/**
 * A link to another site: opens in a new tab, with rel="noopener noreferrer" (the other site can
 * neither reach back into this page nor learn where the visitor came from) and a hint for screen
 * readers. Every link that leaves the site goes through this component.
 */
export function ExternalLink({ href, children, icon, hint = NEW_TAB_HINT, ...props }: ExternalLinkProps) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" {...props}>
      {children}
      {icon}
      <span className="sr-only">{hint}</span>
    </a>
  );
}
