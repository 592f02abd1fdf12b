import { lazy } from "react";
import Mail from "lucide-react/icons/mail";
import Phone from "lucide-react/icons/phone";
import { ExternalLink } from "~/components/blog/external-link";
import { BackRow } from "~/components/layout/back-button";
import { ButtonLink } from "~/components/ui/button";
import { HydrationChunk } from "~/components/ui/hydration-chunk";
import { Container } from "~/components/ui/page-header";
import { formatAddress, site } from "~/content/site";
import { pageMeta } from "~/lib/seo";
import { agentJsonLd } from "~/lib/agent-structured-data";
import { agentListingsOnPage } from "~/lib/server/listings/agent-listings.server";
import type { Route } from "./+types/about";

// The cards' code loads only with a page that shows them: a site without the feed (and the
// prerendered page) never downloads it. The page waits for it on the server (entry.server.tsx
// renders everything before it answers); in the browser its chunk hydrates once it arrives.
const AgentListingsSection = lazy(() =>
  import("~/components/listings/agent-listings-section").then((m) => ({ default: m.AgentListingsSection })),
);

/** The agent's own listings, as on the home page (routes/home.tsx): none while prerendering. */
export async function loader({ context }: Route.LoaderArgs) {
  return agentListingsOnPage(context);
}

export const meta: Route.MetaFunction = ({ location }) =>
  pageMeta({
    title: "About Me",
    description: `${site.agent.name} is an Edmonton ${site.agent.title} with ${site.brokerage.name}, helping buyers and sellers across Edmonton and the surrounding communities.`,
    path: location.pathname,
    type: "profile",
    image: site.agent.photo,
    jsonLd: [agentJsonLd()],
  });

const strengths = [
  {
    title: "Local knowledge",
    text: "Edmonton and its neighbouring cities and counties, street by street: schools, commutes, new communities and mature ones.",
  },
  {
    title: "Design eye",
    text: "A background in drafting and home design means I read floor plans, renovations and potential the way a builder does.",
  },
  {
    title: "Straight answers",
    text: "Honest pricing advice, clear numbers on costs, and a reply the same day to every call, text and e-mail.",
  },
] as const;

export default function About({ loaderData }: Route.ComponentProps) {
  const mine = loaderData?.agentListings;
  return (
    <Container className="py-10 sm:py-14">
      <div className="grid items-start gap-10 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <img
          src={site.agent.photo}
          alt={`Portrait of ${site.agent.name}`}
          width={site.agent.photoWidth}
          height={site.agent.photoHeight}
          className="h-auto w-full max-w-sm rounded-2xl bg-surface-muted shadow-md"
          fetchPriority="high"
        />
        <div>
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">About {site.agent.name}</h1>
          <p className="mt-2 text-lg text-brand">
            {site.agent.title} · {site.brokerage.name}
          </p>
          <div className="prose-page mt-4">
            <p>
              I help people buy and sell homes in Edmonton and the communities around it, from first condos in the core to acreages in the
              surrounding counties. I have been licensed for {site.agent.yearsLicensed} years, and before real estate I studied drafting and
              design and drew floor plans and 3D renderings for home builders.
            </p>
            <p>
              That background shapes how I work. When you buy, I look past the staging at the structure, the layout and what a renovation
              would really involve. When you sell, I know which small changes make a home photograph and show better, and I plan the
              marketing the way a designer plans a house: nothing left to chance.
            </p>
            <p>
              Most of my business comes from past clients and their friends. I would like to earn yours the same way: by answering quickly,
              explaining every number and every condition in plain language, and never pushing you toward a decision that is not right for
              you.
            </p>
          </div>
          <ul className="mt-6 grid gap-4 sm:grid-cols-3">
            {strengths.map((s) => (
              <li key={s.title} className="rounded-lg border border-line bg-surface-muted p-4">
                <h2 className="font-bold">{s.title}</h2>
                <p className="mt-1 text-sm text-ink-muted">{s.text}</p>
              </li>
            ))}
          </ul>
          <section aria-labelledby="about-contact" className="mt-8">
            <h2 id="about-contact" className="text-xl font-bold">
              Get in touch
            </h2>
            <p className="mt-2 text-ink-muted">
              {site.brokerage.name}, {formatAddress()}
            </p>
            <div className="mt-4 flex flex-wrap gap-3">
              <a
                href={site.agent.phoneHref}
                className="inline-flex min-h-11 items-center gap-2 rounded-md bg-brand px-5 py-2.5 font-bold text-on-brand"
              >
                <Phone aria-hidden="true" className="size-4" /> {site.agent.phone}
              </a>
              <a
                href={`mailto:${site.agent.email}`}
                className="inline-flex min-h-11 items-center gap-2 rounded-md border border-brand px-5 py-2.5 font-bold text-brand"
              >
                <Mail aria-hidden="true" className="size-4" /> {site.agent.email}
              </a>
              <ButtonLink to="/contact" variant="ghost">
                Send a message
              </ButtonLink>
            </div>
            <h2 className="mt-8 text-xl font-bold">Follow me</h2>
            <ul className="mt-2 flex flex-wrap gap-3">
              {site.social.map((s) => (
                <li key={s.name}>
                  <ExternalLink
                    href={s.href}
                    className="inline-flex min-h-11 items-center rounded-md border border-line px-4 text-ink hover:bg-surface-muted"
                  >
                    {s.name}
                  </ExternalLink>
                </li>
              ))}
            </ul>
          </section>
          <BackRow className="mt-10" />
        </div>
      </div>
      {mine && (
        <HydrationChunk>
          <AgentListingsSection listings={mine} className="mt-14" />
        </HydrationChunk>
      )}
    </Container>
  );
}
