import { Mail, MapPin, Phone } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { data, useFetcher } from "react-router";
import { toast } from "~/lib/toast";
import { BackButton } from "~/components/layout/back-button";
import { FormNotice, Honeypot, TextAreaField, TextField } from "~/components/forms/fields";
import { Button } from "~/components/ui/button";
import { Container, PageHeader } from "~/components/ui/page-header";
import { FormEmbed } from "~/components/widgets/form-embed";
import { checkFieldsMessage, contactMessages } from "~/content/form-messages";
import { formatAddress, site } from "~/content/site";
import { type ContactField, parseContactForm } from "~/lib/schemas/contact";
import { type FieldErrors, LIMITS } from "~/lib/schemas/fields";
import { pageMeta } from "~/lib/seo";
import type { SubmissionFailure } from "~/lib/services";
import { openFormPost } from "~/lib/server/form-post.server";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Contact",
    path: "/contact",
    description: `Call ${site.agent.name} at ${site.agent.phone}, e-mail ${site.agent.email}, or send a message: we reply within 24 hours.`,
  });

type ContactResult =
  | { status: "success" }
  | { status: "invalid"; message: string; fieldErrors: FieldErrors<ContactField>; values: Record<ContactField, string> }
  | { status: "error"; message: string; values: Record<ContactField, string> | null };

const failureText: Record<SubmissionFailure, string> = {
  failure: contactMessages.failure,
  permissions: contactMessages.permissions,
  duplicateLookup: contactMessages.duplicateLookup,
};

/**
 * The contact form's POST, with or without JavaScript. Bad input gets field messages and 400;
 * a store failure the spec's message and 503; the honeypot a calm success with nothing stored.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const opened = await openFormPost(request, context, contactMessages.failure);
  if ("early" in opened) return data<ContactResult>(opened.early.body, opened.early.init);
  const form = opened.form;

  const parsed = parseContactForm(form);
  if (!parsed.ok) {
    return data<ContactResult>({ status: "invalid", message: checkFieldsMessage, fieldErrors: parsed.fieldErrors, values: parsed.values }, { status: 400 });
  }
  const stored = await context.services.createContact(parsed.data);
  if (!stored.ok) {
    return data<ContactResult>({ status: "error", message: failureText[stored.reason], values: parsed.values }, { status: 503 });
  }
  return data<ContactResult>({ status: "success" });
}

/** With JavaScript: a lost connection is reported like any other failure, and the form keeps what was typed. */
export async function clientAction({ serverAction }: Route.ClientActionArgs): Promise<ContactResult> {
  try {
    return await serverAction();
  } catch {
    return { status: "error", message: contactMessages.failure, values: null };
  }
}

export default function ContactPage({ actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Contact Us" subtitle={`Questions about buying or selling in Edmonton and area? ${site.agent.name} replies within 24 hours.`} />
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
        <div className="mt-10">
          <BackButton />
        </div>
      </Container>
    </>
  );
}

function ContactDetails() {
  const items = [
    { icon: Phone, label: "Phone", content: <a href={site.agent.phoneHref} className="font-semibold text-brand hover:underline">{site.agent.phone}</a> },
    { icon: Mail, label: "Email", content: <a href={`mailto:${site.agent.email}`} className="break-all font-semibold text-brand hover:underline">{site.agent.email}</a> },
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
            <h2 className="text-sm font-semibold uppercase tracking-wide text-ink-muted">{label}</h2>
            <div className="mt-1 text-ink">{content}</div>
          </div>
        </li>
      ))}
    </ul>
  );
}

function ContactForm({ documentResult }: { documentResult: ContactResult | null }) {
  const fetcher = useFetcher<ContactResult>({ key: "contact-form" });
  const formRef = useRef<HTMLFormElement>(null);
  const [clientErrors, setClientErrors] = useState<FieldErrors<ContactField>>({});
  const busy = fetcher.state !== "idle";
  // Without JavaScript the result comes with the page (documentResult); with it, from the fetcher.
  const result = fetcher.data ?? documentResult;
  const fieldErrors = { ...(result?.status === "invalid" ? result.fieldErrors : {}), ...clientErrors };
  const echoed = documentResult && documentResult.status !== "success" ? documentResult.values : null;

  useEffect(() => {
    const outcome = fetcher.data;
    if (fetcher.state !== "idle" || !outcome) return;
    if (outcome.status === "success") {
      toast.success(contactMessages.successTitle, { description: contactMessages.successDescription });
      formRef.current?.reset();
    } else if (outcome.status === "error") {
      toast.error(contactMessages.errorTitle, { description: outcome.message });
    } else {
      formRef.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
    }
  }, [fetcher.state, fetcher.data]);

  function validateInBrowser(event: FormEvent<HTMLFormElement>) {
    const parsed = parseContactForm(new FormData(event.currentTarget));
    setClientErrors(parsed.ok ? {} : parsed.fieldErrors);
    if (!parsed.ok) event.preventDefault();
  }

  return (
    <fetcher.Form ref={formRef} method="post" action="/contact" onSubmit={validateInBrowser} className="relative mt-6 space-y-5" noValidate={false}>
      {documentResult?.status === "success" && (
        <FormNotice tone="success" title={contactMessages.successTitle}>
          {contactMessages.successDescription}
        </FormNotice>
      )}
      {documentResult?.status === "error" && (
        <FormNotice tone="error" title={contactMessages.errorTitle}>
          {documentResult.message}
        </FormNotice>
      )}
      {documentResult?.status === "invalid" && (
        <FormNotice tone="error" title={contactMessages.errorTitle}>
          {documentResult.message}
        </FormNotice>
      )}
      <fieldset disabled={busy} className="space-y-5">
        <legend className="sr-only">Your message</legend>
        <TextField
          id="contact-name"
          name="name"
          label="Full Name"
          required
          autoComplete="name"
          maxLength={LIMITS.name}
          defaultValue={echoed?.name}
          error={fieldErrors.name}
        />
        <TextField
          id="contact-email"
          name="email"
          type="email"
          label="Email Address"
          required
          autoComplete="email"
          maxLength={LIMITS.email}
          defaultValue={echoed?.email}
          error={fieldErrors.email}
        />
        <TextField
          id="contact-phone"
          name="phone"
          type="tel"
          label="Phone Number"
          autoComplete="tel"
          maxLength={LIMITS.phone}
          defaultValue={echoed?.phone}
          error={fieldErrors.phone}
        />
        <TextAreaField
          id="contact-message"
          name="message"
          label="Message"
          rows={5}
          maxLength={LIMITS.message}
          defaultValue={echoed?.message}
          error={fieldErrors.message}
        />
        <Honeypot idPrefix="contact" />
        <Button type="submit" className="w-full sm:w-auto">
          {busy ? "Sending..." : "Send Message"}
        </Button>
      </fieldset>
    </fetcher.Form>
  );
}
