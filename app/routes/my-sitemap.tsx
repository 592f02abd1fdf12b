import { Link } from "react-router";
import { Container, PageHeader } from "~/components/ui/page-header";
import { type PageEntry, type PageGroup, allPages } from "~/content/pages";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/my-sitemap";

export const meta: Route.MetaFunction = ({ location }) =>
  pageMeta({
    title: "Sitemap",
    description: "Every page of the site: listings by area and type, buyer and seller tools, the blog and legal pages.",
    path: location.pathname,
  });

const groupOrder: readonly PageGroup[] = ["Home", "Buying", "Listings", "Selling", "Resources", "About", "Legal", "Test and theme pages"];

/** Generated from the page catalogue that also builds the route table: it cannot miss a page. */
function grouped(): [PageGroup, PageEntry[]][] {
  return groupOrder
    .map((g) => [g, allPages.filter((p) => p.group === g)] as [PageGroup, PageEntry[]])
    .filter(([, list]) => list.length > 0);
}

export default function MySitemap() {
  return (
    <>
      <PageHeader title="Sitemap" subtitle="Every page of this site in one place." />
      <Container className="grid gap-8 py-10 sm:grid-cols-2 lg:grid-cols-3">
        {grouped().map(([group, list]) => (
          <section key={group} aria-labelledby={`sm-${group}`}>
            <h2 id={`sm-${group}`} className="text-xl font-bold">
              {group}
            </h2>
            <ul className="mt-3 space-y-1.5">
              {list.map((p) => (
                <li key={p.path}>
                  <Link to={p.path} className="text-brand underline">
                    {p.label}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </Container>
    </>
  );
}
