import type { ReactNode } from "react";
import { Link } from "react-router";
import { areas } from "~/content/areas";
import { propertyTypes } from "~/content/property-types";
import { formatAddress, site } from "~/content/site";
import { legalLinks } from "./nav-links";

/** The two footer variants of spec §2; every page shows one of them. */
export function Footer({ variant }: { variant: "brokerage" | "social" }) {
  return (
    <footer className="mt-16 border-t border-line bg-surface-muted text-sm text-ink">
      <div className="mx-auto max-w-6xl px-4 py-10">
        {variant === "brokerage" ? <BrokerageColumns /> : <SocialColumns />}
        <LegalRow />
      </div>
    </footer>
  );
}

function BrokerageColumns() {
  return (
    <div className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
      <FooterSection id="footer-brokerage" title={site.brokerage.name}>
        <address className="not-italic leading-6 text-ink-muted">
          {formatAddress()}
          <br />
          Office:{" "}
          <a className="underline" href={site.brokerage.phoneHref}>
            {site.brokerage.phone}
          </a>
        </address>
      </FooterSection>
      <FooterSection id="footer-agent" title={`${site.agent.name}, ${site.agent.title}`}>
        <p className="leading-6 text-ink-muted">
          Direct:{" "}
          <a className="underline" href={site.agent.phoneHref}>
            {site.agent.phone}
          </a>
          <br />
          <a className="underline" href={`mailto:${site.agent.email}`}>
            {site.agent.email}
          </a>
        </p>
      </FooterSection>
      <FooterSection id="footer-hours" title="Hours">
        <ul className="leading-6 text-ink-muted">
          {site.openingHours.map((h) => (
            <li key={h.label}>
              {h.label}: {h.opens} to {h.closes}
            </li>
          ))}
        </ul>
      </FooterSection>
    </div>
  );
}

function SocialColumns() {
  return (
    <div className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
      <FooterSection id="footer-social" title={`Follow ${site.agent.firstName}`}>
        <ul className="space-y-1">
          {site.social.map((s) => (
            <li key={s.name}>
              <a className="underline" href={s.href} target="_blank" rel="noopener noreferrer">
                {s.name}
              </a>
            </li>
          ))}
        </ul>
      </FooterSection>
      <FooterSection id="footer-types" title="Property types">
        <LinkList
          className="space-y-1"
          links={[...propertyTypes.map((t) => ({ to: t.path, label: t.heading })), { to: "/open-house", label: "Open Houses" }]}
        />
      </FooterSection>
      <FooterSection id="footer-areas" title="Areas">
        <LinkList className="grid grid-cols-2 gap-x-3 gap-y-1" links={areas.map((a) => ({ to: a.path, label: a.name }))} />
      </FooterSection>
    </div>
  );
}

function LegalRow() {
  return (
    <div className="mt-8 flex flex-col gap-3 border-t border-line pt-6 text-ink-muted sm:flex-row sm:items-center sm:justify-between">
      <p>
        © {new Date().getFullYear()} {site.agent.name}, {site.brokerage.name}. MLS® listing data courtesy of the REALTORS® Association of
        Edmonton.
      </p>
      <LinkList className="flex flex-wrap gap-x-4 gap-y-1" links={[...legalLinks, { to: "/my-sitemap", label: "Sitemap" }]} />
    </div>
  );
}

/** A column of the footer, named by its heading. */
function FooterSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-2 text-base font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function LinkList({ links, className }: { links: readonly { to: string; label: string }[]; className: string }) {
  return (
    <ul className={className}>
      {links.map((l) => (
        <li key={l.to}>
          <Link className="underline" to={l.to}>
            {l.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
