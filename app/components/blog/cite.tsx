import type { ReactNode } from "react";
import type { OfficialSource } from "~/lib/mortgage-rules";
import { formatLongDate } from "~/lib/dates";
import { ExternalLink } from "./external-link";

/**
 * The citation of a rule-based figure: "(source: Canada Revenue Agency, as of July 8, 2025)", the
 * name linking to the official page. The date is the source's `asOf` in
 * app/lib/mortgage-rules.ts, so a figure and the date it was checked live in one place.
 */
export function Cite({ source }: { source: OfficialSource }) {
  return (
    <span data-citation="" className="text-ink-muted">
      (source: <ExternalLink href={source.url}>{source.name}</ExternalLink>
      {source.detail ? `, ${source.detail}` : ""}, as of <time dateTime={source.asOf}>{formatLongDate(source.asOf)}</time>)
    </span>
  );
}

/** Text followed by the citations of its rule-based figures, if it has any: "text (source: …)". */
export function WithCite({ children, cite }: { children: ReactNode; cite?: OfficialSource | readonly OfficialSource[] }) {
  const sources = cite === undefined ? [] : "url" in cite ? [cite] : cite;
  return (
    <>
      {children}
      {sources.map((s) => (
        <span key={s.url}>
          {" "}
          <Cite source={s} />
        </span>
      ))}
    </>
  );
}
