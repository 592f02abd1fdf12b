import { BackRow } from "~/components/layout/back-button";
import { PageHeader } from "~/components/ui/page-header";
import { FormEmbed } from "~/components/widgets/form-embed";
import { site } from "~/content/site";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/buyersearch";

export const meta: Route.MetaFunction = ({ location }) =>
  pageMeta({
    title: "Tell Us What You Are Looking For",
    description: `Share your property search criteria (area, budget, size, must-haves) and ${site.agent.name} will send matching Edmonton-area homes.`,
    path: location.pathname,
  });

/** /buyersearch (spec §2): the external buyer-criteria form in a frame titled for it. */
export default function BuyerSearchPage() {
  return (
    <>
      <PageHeader
        title="Tell Us What You Are Looking For"
        subtitle={`Share your property search criteria and ${site.agent.firstName} will hand-pick the homes that fit and send them to you.`}
      />
      <div className="mx-auto max-w-3xl px-4 py-8">
        <FormEmbed {...site.embeds.buyerSearch} id="buyer-search-form" />
        <BackRow className="mt-8" />
      </div>
    </>
  );
}
