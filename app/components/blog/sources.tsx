import { Fragment } from "react";
import { Link } from "react-router";
import { ExternalLink } from "./external-link";

/** A link of a sources line: a page of this site (`to`) or another site (`href`). */
export type SourceLink = { label: string; to: string } | { label: string; href: string };

/**
 * A one-line list of further reading and official sources ("Read more: A · B · C"): pages of this
 * site are router links, other sites open in a new tab.
 */
export function Sources({ links, label }: { links: readonly SourceLink[]; label: string }) {
  if (links.length === 0) return null;
  return (
    <p className="mb-0! text-sm">
      <span className="text-ink-muted">{label}</span>
      {links.map((l, i) => (
        <Fragment key={"to" in l ? l.to : l.href}>
          {i > 0 && <span className="text-ink-muted"> · </span>}
          {"to" in l ? <Link to={l.to}>{l.label}</Link> : <ExternalLink href={l.href}>{l.label}</ExternalLink>}
        </Fragment>
      ))}
    </p>
  );
}
