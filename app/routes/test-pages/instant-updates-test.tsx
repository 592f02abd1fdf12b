import { GetNotifiedTip } from "~/components/listings/get-notified-tip";
import { PageHeader } from "~/components/ui/page-header";
import { FormEmbed } from "~/components/widgets/form-embed";
import { site } from "~/content/site";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/instant-updates-test";

export const meta: Route.MetaFunction = ({ location }) => pageMeta({ title: "Instant Updates Test Page", path: location.pathname });

/** /instantupdatestestpage: the instant-updates form (781 px) in a trial layout with the alert tip. Not indexed. */
export default function InstantUpdatesTestPage() {
  return (
    <>
      <PageHeader title="Get Instant Property Updates" subtitle="New listings that match your search, in your inbox the day they list." />
      <div className="mx-auto max-w-3xl px-4 py-8">
        <GetNotifiedTip className="mb-6" />
        <FormEmbed {...site.embeds.instantUpdates} id="instant-updates-test-form" />
      </div>
    </>
  );
}
