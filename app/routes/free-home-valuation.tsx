import ArrowLeft from "lucide-react/icons/arrow-left";
import { Link } from "react-router";
import { PageHeader } from "~/components/ui/page-header";
import { FormEmbed } from "~/components/widgets/form-embed";
import { AddressSearch } from "~/components/assessments/address-search";
import { site } from "~/content/site";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/free-home-valuation";

export const meta: Route.MetaFunction = ({ location }) =>
  pageMeta({
    title: "Free Home Valuation",
    description: `What is your Edmonton-area home worth? Request a free, no-obligation valuation from ${site.agent.name}, based on recent sales near you.`,
    path: location.pathname,
  });

/** /free-home-valuation (spec §2): the third-party valuation form (720 px) and a way back to /sell. */
export default function FreeHomeValuationPage() {
  return (
    <>
      <PageHeader
        title="Free Home Valuation"
        subtitle={`Tell ${site.agent.firstName} about your home and get a written estimate of its market value, based on recent sales in your neighbourhood. No cost and no obligation to list.`}
      />
      <div className="mx-auto max-w-3xl px-4 py-8">
        <section aria-labelledby="estimate-now-heading" className="mb-10">
          <h2 id="estimate-now-heading" className="text-xl font-bold text-ink">
            An estimate now, from your address
          </h2>
          <p className="mt-1 text-ink">Your home&rsquo;s City assessment and an estimated range for today, in seconds.</p>
          <AddressSearch />
        </section>
        <h2 className="mb-4 text-xl font-bold text-ink">Or tell {site.agent.firstName} about your home</h2>
        <FormEmbed {...site.embeds.valuation} id="home-valuation-form" />
        <p className="mt-6">
          <Link to="/sell" className="inline-flex items-center gap-2 font-bold text-brand underline">
            <ArrowLeft aria-hidden="true" className="size-4" />
            Back to selling your home
          </Link>
        </p>
      </div>
    </>
  );
}
