import Building2 from "lucide-react/icons/building-complex";
import ExternalLinkIcon from "lucide-react/icons/external-link";
import { Link } from "react-router";
import { WithCite } from "~/components/blog/cite";
import { ExternalLink } from "~/components/blog/external-link";
import { categories } from "~/content/blog/data/free-online-resources-for-home-buyers-and-sellers";

/*
 * "Free online resources for home buyers and sellers" from its list of categories to the site's own
 * tools: the article loads it when the reader reaches for it, its server HTML kept until then
 * (decision 061). The category links are anchors within the page, so they work before it loads.
 */
export function FreeResourcesBody() {
  return (
    <>
      <nav aria-labelledby="resource-categories" className="my-6 rounded-xl border border-line p-5">
        <h2 id="resource-categories" className="mt-0 text-lg">
          Jump to a category
        </h2>
        <ul className="my-3 grid gap-2 sm:grid-cols-2">
          {categories.map((c) => (
            <li key={c.id}>
              <a href={`#${c.id}`} className="inline-flex min-h-8 items-center text-brand underline">
                {c.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      {categories.map((category) => {
        const Icon = category.icon;
        return (
          <section key={category.id} aria-labelledby={category.id} className="scroll-mt-4">
            <h2 id={category.id} className="flex items-center gap-3">
              <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-soft text-brand">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              {category.title}
            </h2>
            <p>{category.intro}</p>
            <ul className="my-4 space-y-3">
              {category.resources.map((resource) => (
                <li key={resource.url} className="rounded-lg border border-line p-4">
                  <ExternalLink
                    href={resource.url}
                    className="inline-flex items-baseline gap-1.5 font-bold text-brand underline"
                    icon={<ExternalLinkIcon aria-hidden="true" className="size-3.5 shrink-0 self-center" />}
                  >
                    {resource.name}
                  </ExternalLink>
                  <p className="my-1 text-ink-muted">
                    <WithCite cite={resource.cite}>{resource.description}</WithCite>
                  </p>
                </li>
              ))}
            </ul>
          </section>
        );
      })}

      <section aria-labelledby="on-this-site">
        <h2 id="on-this-site" className="flex items-center gap-3">
          <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-soft text-brand">
            <Building2 aria-hidden="true" className="size-5" />
          </span>
          Free Tools on This Site
        </h2>
        <ul>
          <li>
            <Link to="/search">Search every MLS® listing in Edmonton and area</Link>, and save a search to hear about new homes first
            through <Link to="/instant-updates">instant updates</Link>.
          </li>
          <li>
            <Link to="/mortgage-calculator">Estimate your monthly payment</Link> with my mortgage calculator.
          </li>
          <li>
            Selling? Ask for a <Link to="/free-home-valuation">free home valuation</Link> based on recent sales near you, not an algorithm.
          </li>
          <li>
            Budget for closing with <Link to="/blog/hidden-costs-buying-home-alberta">the hidden costs of buying a home in Alberta</Link>,
            and check whether a new home qualifies for{" "}
            <Link to="/blog/new-gst-rebate-for-home-buyers">the new GST rebate for first-time buyers</Link>.
          </li>
          <li>
            Need an inspector, lawyer or mover? Start with my{" "}
            <Link to="/blog/essential-real-estate-contacts">list of essential real estate contacts</Link>.
          </li>
        </ul>
      </section>
    </>
  );
}
