import { BackRow } from "~/components/layout/back-button";
import { PageHeader } from "~/components/ui/page-header";
import { FormEmbed } from "~/components/widgets/form-embed";
import { site } from "~/content/site";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/instant-updates";

export const meta: Route.MetaFunction = ({ location }) =>
  pageMeta({
    title: "Get Instant Property Updates",
    description:
      "Tell us what you are looking for and get new Edmonton-area listings that match by e-mail, the day they come on the market.",
    path: location.pathname,
  });

/** /instant-updates (spec §2): the third-party sign-up form for listing alerts (781 px). */
export default function InstantUpdatesPage() {
  return (
    <>
      <PageHeader
        title="Get Instant Property Updates"
        subtitle="Describe the home you want once, and every new listing that matches arrives in your inbox the day it lists, before the weekend crowds."
      />
      <div className="mx-auto max-w-3xl px-4 py-8">
        <FormEmbed {...site.embeds.instantUpdates} id="instant-updates-form" />
        <BackRow className="mt-8" />
      </div>
    </>
  );
}
