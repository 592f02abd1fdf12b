import BarChart3 from "lucide-react/icons/chart-column";
import Camera from "lucide-react/icons/camera";
import Globe from "lucide-react/icons/globe";
import MessageSquareReply from "lucide-react/icons/message-square-reply";
import Newspaper from "lucide-react/icons/newspaper";
import Phone from "lucide-react/icons/phone";
import Search from "lucide-react/icons/search";
import Share2 from "lucide-react/icons/share-2";
import type { LucideIcon } from "lucide-react";
import { BackRow } from "~/components/layout/back-button";
import { ButtonLink } from "~/components/ui/button";
import { Container, PageHeader } from "~/components/ui/page-header";
import { site } from "~/content/site";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/marketing-strategy";

export const meta: Route.MetaFunction = ({ location }) =>
  pageMeta({
    title: "Home Seller Marketing Strategy",
    description:
      "How your Edmonton home is prepared, photographed, advertised and followed up on: listing portals, social and search ads, SEO, print marketing and weekly reporting.",
    path: location.pathname,
  });

interface StrategySection {
  id: string;
  icon: LucideIcon;
  title: string;
  intro: string;
  points: readonly string[];
}

// The order follows a listing's life: prepare, publish, promote, follow up, report.
const sections: readonly StrategySection[] = [
  {
    id: "preparation",
    icon: Camera,
    title: "Pre-listing preparation",
    intro: "Buyers decide in seconds from the first photo, so the work starts before your home goes live.",
    points: [
      "A walk-through together with a room-by-room list of quick, low-cost fixes that pay back at sale time.",
      "Staging advice, or a professional stager where the home calls for it.",
      "Professional photography, a floor plan and a 3D virtual tour so buyers can walk the home online.",
      "A pricing strategy built on recent comparable sales in your neighbourhood, not on wishful averages.",
    ],
  },
  {
    id: "portals",
    icon: Globe,
    title: "Listing portals",
    intro: "Your home reaches every serious buyer where they already search.",
    points: [
      "Listed on the MLS® System the day we go live, which feeds REALTOR.ca and the brokerage sites of every agent in the region.",
      "Featured on this website with its own page, so buyers who find it here reach me directly.",
      "Complete, accurate listing details and a written description that sells the lifestyle as well as the square footage.",
    ],
  },
  {
    id: "ads",
    icon: Share2,
    title: "Social media and search ads",
    intro: "Paid ads put your home in front of buyers who are not yet browsing listings.",
    points: [
      "Targeted Facebook and Instagram campaigns aimed at buyers in and moving to the Edmonton area.",
      "Short video tours and reels that are shared far beyond a listing page.",
      "Google search ads for the neighbourhood and home type, so buyers searching for it find yours.",
    ],
  },
  {
    id: "seo",
    icon: Search,
    title: "Search engine optimization",
    intro: "Buyers start on search engines; this site is built to be found there.",
    points: [
      "Area and property-type pages for Edmonton and the surrounding communities that rank for local searches.",
      "Buyer guides and market articles that keep people coming back and bring them to your listing.",
      "Fast, mobile-first pages, because most buyers browse on their phones.",
    ],
  },
  {
    id: "follow-up",
    icon: MessageSquareReply,
    title: "Buyer follow-up",
    intro: "Interest is only worth something if someone answers it quickly.",
    points: [
      "Every enquiry answered the same day, by phone, text or e-mail.",
      "Matching buyers from my own database contacted before and after launch.",
      "Follow-up with every agent who showed your home, to gather feedback and spot serious interest early.",
    ],
  },
  {
    id: "print",
    icon: Newspaper,
    title: "Print and local marketing",
    intro: "Neighbours and passers-by still sell homes: they tell friends who want to live nearby.",
    points: [
      "A professional yard sign and a feature sheet in the home for every showing.",
      "Just-listed flyers and postcards in the surrounding neighbourhood.",
      "Open house promotion online, on signs and to nearby residents.",
    ],
  },
  {
    id: "reporting",
    icon: BarChart3,
    title: "Reporting and feedback",
    intro: "You always know how your home is doing and why.",
    points: [
      "A weekly update with showings, online views and enquiries.",
      "Ad performance reports: reach, clicks and saved listings.",
      "Showing feedback summarised honestly, with a recommendation when the market tells us something.",
    ],
  },
];

export default function MarketingStrategy() {
  return (
    <>
      <PageHeader
        title="My Marketing Strategy for Your Home"
        subtitle="A complete plan, from the first walk-through to the final showing report, to sell your home quickly and for the best price the market will pay."
      >
        <div className="mt-6 flex flex-wrap gap-3">
          <a
            href={site.agent.phoneHref}
            className="inline-flex min-h-11 items-center gap-2 rounded-md bg-brand px-5 py-2.5 font-bold text-on-brand hover:bg-brand-strong"
          >
            <Phone aria-hidden="true" className="size-4" /> Call {site.agent.phone}
          </a>
          <ButtonLink to="/free-home-valuation" variant="secondary">
            Get a free home valuation
          </ButtonLink>
        </div>
      </PageHeader>
      <Container className="py-10">
        <nav aria-label="On this page" className="mb-10 rounded-lg border border-line bg-surface-muted p-4">
          <h2 className="font-bold">On this page</h2>
          <ol className="mt-2 grid gap-1 sm:grid-cols-2">
            {sections.map((s, i) => (
              <li key={s.id}>
                <a className="text-brand underline" href={`#${s.id}`}>
                  {i + 1}. {s.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="space-y-10">
          {sections.map(({ id, icon: Icon, title, intro, points }) => (
            <section key={id} id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-6">
              <div className="flex items-center gap-3">
                <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-soft text-brand">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <h2 id={`${id}-heading`} className="text-2xl font-bold">
                  {title}
                </h2>
              </div>
              <p className="mt-3 text-lg text-ink-muted">{intro}</p>
              <ul className="mt-3 list-disc space-y-2 pl-6 leading-7">
                {points.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </section>
          ))}
        </div>
        <section aria-labelledby="cta-heading" className="mt-14 rounded-xl bg-brand-soft p-6 sm:p-8">
          <h2 id="cta-heading" className="text-2xl font-bold">
            Ready to talk about your home?
          </h2>
          <p className="mt-2 text-ink-muted">
            Call me for a no-obligation conversation about your timing, your price and this plan.{" "}
            {site.openingHours.map((h) => `${h.label} ${h.opens}–${h.closes}`).join(", ")}.
          </p>
          <a
            href={site.agent.phoneHref}
            className="mt-5 inline-flex min-h-11 items-center gap-2 rounded-md bg-brand px-5 py-2.5 font-bold text-on-brand hover:bg-brand-strong"
          >
            <Phone aria-hidden="true" className="size-4" /> Call {site.agent.phone}
          </a>
        </section>
        <BackRow className="mt-10" />
      </Container>
    </>
  );
}
