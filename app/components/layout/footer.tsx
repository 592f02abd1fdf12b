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
      <section aria-labelledby="footer-brokerage">
        <h2 id="footer-brokerage" className="mb-2 text-base font-bold">
          {site.brokerage.name}
        </h2>
        <address className="not-italic leading-6 text-ink-muted">
          {formatAddress()}
          <br />
          Office:{" "}
          <a className="underline" href={site.brokerage.phoneHref}>
            {site.brokerage.phone}
          </a>
        </address>
      </section>
      <section aria-labelledby="footer-agent">
        <h2 id="footer-agent" className="mb-2 text-base font-bold">
          {site.agent.name}, {site.agent.title}
        </h2>
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
      </section>
      <section aria-labelledby="footer-hours">
        <h2 id="footer-hours" className="mb-2 text-base font-bold">
          Hours
        </h2>
        <ul className="leading-6 text-ink-muted">
          {site.openingHours.map((h) => (
            <li key={h.label}>
              {h.label}: {h.opens} to {h.closes}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

function SocialColumns() {
  return (
    <div className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
      <section aria-labelledby="footer-social">
        <h2 id="footer-social" className="mb-2 text-base font-bold">
          Follow {site.agent.firstName}
        </h2>
        <ul className="space-y-1">
          {site.social.map((s) => (
            <li key={s.name}>
              <a className="underline" href={s.href} target="_blank" rel="noopener noreferrer">
                {s.name}
              </a>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="footer-types">
        <h2 id="footer-types" className="mb-2 text-base font-bold">
          Property types
        </h2>
        <ul className="space-y-1">
          {propertyTypes.map((t) => (
            <li key={t.path}>
              <Link className="underline" to={t.path}>
                {t.heading}
              </Link>
            </li>
          ))}
          <li>
            <Link className="underline" to="/open-house">
              Open Houses
            </Link>
          </li>
        </ul>
      </section>
      <section aria-labelledby="footer-areas">
        <h2 id="footer-areas" className="mb-2 text-base font-bold">
          Areas
        </h2>
        <ul className="grid grid-cols-2 gap-x-3 gap-y-1">
          {areas.map((a) => (
            <li key={a.path}>
              <Link className="underline" to={a.path}>
                {a.name}
              </Link>
            </li>
          ))}
        </ul>
      </section>
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
      <ul className="flex flex-wrap gap-x-4 gap-y-1">
        {legalLinks.map((l) => (
          <li key={l.to}>
            <Link className="underline" to={l.to}>
              {l.label}
            </Link>
          </li>
        ))}
        <li>
          <Link className="underline" to="/my-sitemap">
            Sitemap
          </Link>
        </li>
      </ul>
    </div>
  );
}
