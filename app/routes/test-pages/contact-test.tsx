import Mail from "lucide-react/icons/mail";
import MapPin from "lucide-react/icons/map-pin";
import Phone from "lucide-react/icons/phone";
import { PageHeader } from "~/components/ui/page-header";
import { FormEmbed } from "~/components/widgets/form-embed";
import { formatAddress, site } from "~/content/site";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/contact-test";

export const meta: Route.MetaFunction = ({ location }) => pageMeta({ title: "Contact Test Page", path: location.pathname });

/**
 * /contacttestpage (its content is "not shown" in the spec): the contact details and the
 * embedded 584 px message form, as a trial of the contact page's embed. Not indexed.
 */
export default function ContactTestPage() {
  return (
    <>
      <PageHeader title="Contact Test Page" subtitle="Call, e-mail, or send a message through the form." />
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-8 lg:grid-cols-[1fr_2fr]">
        <ul className="space-y-4 text-ink">
          <li className="flex gap-3">
            <Phone aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-ink-muted" />
            <a href={site.agent.phoneHref} className="text-brand underline">
              {site.agent.phone}
            </a>
          </li>
          <li className="flex gap-3">
            <Mail aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-ink-muted" />
            <a href={`mailto:${site.agent.email}`} className="break-all text-brand underline">
              {site.agent.email}
            </a>
          </li>
          <li className="flex gap-3">
            <MapPin aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-ink-muted" />
            <span>
              {site.brokerage.name}
              <br />
              {formatAddress()}
            </span>
          </li>
        </ul>
        <section aria-labelledby="message-form-heading">
          <h2 id="message-form-heading" className="mb-4 text-2xl font-bold text-ink">
            Send us a Message
          </h2>
          <FormEmbed {...site.embeds.contactMessage} id="contact-test-message-form" />
        </section>
      </div>
    </>
  );
}
