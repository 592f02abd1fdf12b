import Building from "lucide-react/icons/building";
import DraftingCompass from "lucide-react/icons/drafting-compass";
import HeartHandshake from "lucide-react/icons/heart-handshake";
import Ruler from "lucide-react/icons/ruler";
import { Link } from "react-router";
import { PageHeader } from "~/components/ui/page-header";
import { site } from "~/content/site";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/about-test";

export const meta: Route.MetaFunction = ({ location }) => pageMeta({ title: "About Test Page", path: location.pathname });

const first = site.agent.firstName;

/** The background of spec §2 (drafting and design studies, renderings, floor plans, charity design). */
const background = [
  {
    Icon: DraftingCompass,
    title: "Drafting and design studies",
    text: `Before real estate, ${first} studied drafting and design, learning to read a house the way a builder does: structure, layout, light and flow.`,
  },
  {
    Icon: Building,
    title: "3D renderings",
    text: `${first} still produces 3D renderings, so buyers can see what a basement development or an opened-up kitchen would look like before they make an offer.`,
  },
  {
    Icon: Ruler,
    title: "Floor plans",
    text: "Accurate floor plans go with every listing, because buyers shortlist homes by layout long before they book a showing.",
  },
  {
    Icon: HeartHandshake,
    title: "Home design for a charity",
    text: `${first} volunteered the design of a family home for a local charity build, drawing plans that had to be affordable, accessible and quick to frame.`,
  },
] as const;

/** /abouttestpage: the agent's design background, with a pointer to the testimonials. Not indexed. */
export default function AboutTestPage() {
  return (
    <>
      <PageHeader
        title={`About ${site.agent.name}`}
        subtitle={`${site.agent.title} with ${site.brokerage.name}, licensed for ${site.agent.yearsLicensed} years, with a designer's eye for homes.`}
      />
      <div className="mx-auto max-w-4xl px-4 py-8">
        <ul className="grid gap-6 sm:grid-cols-2">
          {background.map(({ Icon, title, text }) => (
            <li key={title} className="rounded-lg border border-line bg-surface p-6">
              <Icon aria-hidden="true" className="size-7 text-ink-muted" />
              <h2 className="mt-3 text-xl font-bold text-ink">{title}</h2>
              <p className="mt-2 leading-7 text-ink">{text}</p>
            </li>
          ))}
        </ul>
        <p className="mt-10 rounded-lg bg-brand-soft p-6 text-lg text-ink">
          Want to know what working with {first} is like? Read{" "}
          <Link to="/#testimonials" className="font-bold text-brand underline">
            what our clients say
          </Link>{" "}
          on the home page.
        </p>
      </div>
    </>
  );
}
