import Mail from "lucide-react/icons/mail";
import MapPin from "lucide-react/icons/map-pin";
import Phone from "lucide-react/icons/phone";
import { useFetcher } from "react-router";
import { BackRow } from "~/components/layout/back-button";
import { ContactFields } from "~/components/forms/contact-fields";
import { Honeypot } from "~/components/forms/fields";
import { FormResultNotice, useFormSubmission } from "~/components/forms/use-form-submission";
import { Button } from "~/components/ui/button";
import { Container, PageHeader } from "~/components/ui/page-header";
import { FormEmbed } from "~/components/widgets/form-embed";
import { contactMessages } from "~/content/form-messages";
import { formatAddress, site } from "~/content/site";
import type { ContactField } from "~/lib/schemas/contact";
import { loadContactCheck } from "~/lib/schemas/load-checks";
import { type FormResult, submitOrFail } from "~/lib/form-result";
import { pageMeta } from "~/lib/seo";
import { answerContactPost } from "~/lib/server/leads/contact-post.server";
import { formQuota } from "~/lib/server/leads/form-post.server";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = ({ location }) =>
  pageMeta({
    title: "Contact",
    path: location.pathname,
    description: `Call ${site.agent.name} at ${site.agent.phone}, e-mail ${site.agent.email}, or send a message: we reply within 24 hours.`,
  });

type ContactResult = FormResult<ContactField>;

/** The form's check, fetched once the visitor starts on the form (it needs zod). */

/** Every POST here takes one unit of the visitor's form quota, whatever spelling of the path it used. */
export const middleware: Route.MiddlewareFunction[] = [formQuota];

export async function action({ request, context }: Route.ActionArgs) {
  return answerContactPost(request, context);
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return submitOrFail(serverAction, contactMessages);
}

export default function ContactPage({ actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="Contact Us"
        subtitle={`Questions about buying or selling in Edmonton and area? ${site.agent.name} replies within 24 hours.`}
      />
      <Container className="py-10">
        <ContactDetails />
        <div className="mt-10 grid gap-10 lg:grid-cols-2">
          <section aria-labelledby="send-message-heading" className="rounded-xl border border-line bg-surface p-6 shadow-sm">
            <h2 id="send-message-heading" className="text-2xl font-bold text-ink">
              Send us a Message
            </h2>
            <ContactForm documentResult={actionData ?? null} />
          </section>
          <section aria-labelledby="message-form-heading">
            <h2 id="message-form-heading" className="mb-4 text-2xl font-bold text-ink">
              Prefer our message form?
            </h2>
            <FormEmbed {...site.embeds.contactMessage} />
          </section>
        </div>
        <BackRow className="mt-10" />
      </Container>
    </>
  );
}

function ContactDetails() {
  const items = [
    {
      icon: Phone,
      label: "Phone",
      content: (
        <a href={site.agent.phoneHref} className="font-bold text-brand hover:underline">
          {site.agent.phone}
        </a>
      ),
    },
    {
      icon: Mail,
      label: "Email",
      content: (
        <a href={`mailto:${site.agent.email}`} className="break-all font-bold text-brand hover:underline">
          {site.agent.email}
        </a>
      ),
    },
    {
      icon: MapPin,
      label: "Office",
      content: (
        <address className="not-italic">
          {site.brokerage.name}
          <br />
          {formatAddress()}
        </address>
      ),
    },
  ];
  return (
    <ul className="grid gap-4 sm:grid-cols-3">
      {items.map(({ icon: Icon, label, content }) => (
        <li key={label} className="flex gap-3 rounded-xl border border-line bg-surface-muted p-5">
          <Icon aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-brand" />
          <div>
            <h2 className="text-sm font-bold uppercase tracking-wide text-ink-muted">{label}</h2>
            <div className="mt-1 text-ink">{content}</div>
          </div>
        </li>
      ))}
    </ul>
  );
}

function ContactForm({ documentResult }: { documentResult: ContactResult | null }) {
  const fetcher = useFetcher<ContactResult>({ key: "contact-form" });
  const { formRef, busy, fieldErrors, values, validateInBrowser } = useFormSubmission({
    fetcher,
    documentResult,
    messages: contactMessages,
    loadParse: loadContactCheck,
  });

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action="/contact"
      onSubmit={validateInBrowser}
      className="relative mt-6 space-y-5"
      noValidate={false}
    >
      <FormResultNotice result={documentResult} messages={contactMessages} />
      <fieldset disabled={busy} className="space-y-5">
        <legend className="sr-only">Your message</legend>
        <ContactFields idPrefix="contact" fieldErrors={fieldErrors} values={values} />
        <Honeypot idPrefix="contact" />
        <Button type="submit" className="w-full sm:w-auto">
          {busy ? "Sending..." : "Send Message"}
        </Button>
      </fieldset>
    </fetcher.Form>
  );
}
