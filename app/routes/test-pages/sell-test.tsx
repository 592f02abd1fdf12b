import FileText from "lucide-react/icons/file-text";
import Megaphone from "lucide-react/icons/megaphone";
import { Link } from "react-router";
import { PageHeader } from "~/components/ui/page-header";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/sell-test";

export const meta: Route.MetaFunction = ({ location }) => pageMeta({ title: "Sell Test Page", path: location.pathname });

/**
 * The map bounds of the City of Edmonton (approximately its city limits), in the query form a
 * map search uses. Spec §2: both cards of the sell test link to /sell with these bounds.
 */
const EDMONTON_BOUNDS = { lngMin: -113.7136, lngMax: -113.2715, latMin: 53.3958, latMax: 53.716 } as const;

const SELL_HREF = `/sell?${new URLSearchParams(Object.entries(EDMONTON_BOUNDS).map(([k, v]) => [k, String(v)]))}`;

const cards = [
  { title: "Free Home Valuation", text: "Find out what your home could sell for today, based on recent sales near you.", Icon: FileText },
  {
    title: "Marketing Strategy",
    text: "See how your home is prepared, photographed, advertised and followed up once it is listed.",
    Icon: Megaphone,
  },
] as const;

/** /selltestpage: the sell page's two cards, both pointing at /sell with Edmonton's map bounds. Not indexed. */
export default function SellTestPage() {
  return (
    <>
      <PageHeader title="Sell Your Home" subtitle="Two ways to start: know your home's value, and see how it will be marketed." />
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 md:grid-cols-2">
        {cards.map(({ title, text, Icon }) => (
          <Link
            key={title}
            to={SELL_HREF}
            className="flex flex-col gap-3 rounded-lg border border-line bg-surface p-6 text-ink hover:border-brand hover:bg-brand-soft"
          >
            <Icon aria-hidden="true" className="size-8 text-ink-muted" />
            <span className="text-xl font-bold">{title}</span>
            <span className="text-ink-muted">{text}</span>
          </Link>
        ))}
      </div>
    </>
  );
}
