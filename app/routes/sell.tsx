import ArrowRight from "lucide-react/icons/arrow-right";
import Home from "lucide-react/icons/house";
import Megaphone from "lucide-react/icons/megaphone";
import { Link } from "react-router";
import { BackRow } from "~/components/layout/back-button";
import { Container, PageHeader } from "~/components/ui/page-header";
import { site } from "~/content/site";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/sell";

export const meta: Route.MetaFunction = ({ location }) =>
  pageMeta({
    title: "Sell Your Home in Edmonton",
    description: `Selling in Edmonton or area? Start with a free home valuation, then see how ${site.agent.name} markets your home to sell for top dollar.`,
    path: location.pathname,
  });

const cards = [
  {
    to: "/free-home-valuation",
    icon: Home,
    title: "Free Home Valuation",
    text: "Find out what your home is worth in today's market. I compare it with recent sales near you and send you a clear price range, free and with no obligation.",
    cta: "Get my home's value",
  },
  {
    to: "/marketing-strategy",
    icon: Megaphone,
    title: "My Marketing Strategy",
    text: "Professional photos, targeted online ads, every major listing portal and fast follow-up with every buyer: see exactly how your home gets sold.",
    cta: "See the marketing plan",
  },
] as const;

export default function Sell() {
  return (
    <>
      <PageHeader
        title="Sell Your Home"
        subtitle="Two steps to a confident sale: know your home's value, then put the right plan behind it."
      />
      <Container className="py-10">
        <p className="mb-6 text-lg text-ink">
          In a hurry?{" "}
          <Link to="/home-value" className="font-bold text-brand underline">
            See what your home is worth now
          </Link>
          : its City assessment and an estimated range for today, from your address.
        </p>
        <ul className="grid gap-6 md:grid-cols-2">
          {cards.map(({ to, icon: Icon, title, text, cta }) => (
            <li key={to}>
              <Link
                to={to}
                className="group flex h-full flex-col rounded-xl border border-line bg-surface p-6 shadow-sm transition hover:border-brand hover:shadow-md"
              >
                <span className="inline-flex size-12 items-center justify-center rounded-full bg-brand-soft text-brand">
                  <Icon aria-hidden="true" className="size-6" />
                </span>
                <h2 className="mt-4 text-2xl font-bold text-ink">{title}</h2>
                <p className="mt-2 flex-1 text-ink-muted">{text}</p>
                <span className="mt-4 inline-flex items-center gap-2 font-bold text-brand underline">
                  {cta} <ArrowRight aria-hidden="true" className="size-4 transition group-hover:translate-x-1" />
                </span>
              </Link>
            </li>
          ))}
        </ul>
        <BackRow className="mt-10" />
      </Container>
    </>
  );
}
