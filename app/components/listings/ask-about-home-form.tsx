import { useFetcher } from "react-router";
import { ContactFields } from "~/components/forms/contact-fields";
import { Honeypot } from "~/components/forms/fields";
import { FormResultNotice, useFormSubmission } from "~/components/forms/use-form-submission";
import { Button } from "~/components/ui/button";
import { contactMessages } from "~/content/form-messages";
import type { SentFigures } from "~/lib/buyer-figures";
import type { FormResult } from "~/lib/form-result";
import type { ContactField } from "~/lib/schemas/contact";
import { loadContactCheck } from "~/lib/schemas/load-checks";

export function inquiryMessageFor(address: string): string {
  return `I'd like more information about ${address}.`;
}

/**
 * "Ask about this home": the contact form's fields (ContactFields) and pipeline, posted to the
 * listing's own page, whose action finds the listing from that address: no hidden field to trust.
 * A plain POST without JavaScript; with it, the same fetcher and toast as the contact page.
 * `figures`, the buyer's own from the page's monthly-cost panel, go along in hidden fields (so in
 * both cases), and the buyer sees what will be sent.
 */
export function AskAboutHomeForm({
  action,
  address,
  documentResult,
  figures,
}: {
  action: string;
  address: string;
  documentResult: FormResult<ContactField> | null;
  figures?: SentFigures;
}) {
  const fetcher = useFetcher<FormResult<ContactField>>({ key: "listing-inquiry" });
  const { formRef, busy, fieldErrors, values, validateInBrowser } = useFormSubmission({
    fetcher,
    documentResult,
    messages: contactMessages,
    loadParse: loadContactCheck,
  });
  return (
    <fetcher.Form ref={formRef} method="post" action={action} onSubmit={validateInBrowser} className="mt-4 space-y-4">
      <FormResultNotice result={documentResult} messages={contactMessages} />
      <fieldset disabled={busy} className="space-y-4">
        <legend className="sr-only">Your question about {address}</legend>
        <ContactFields
          idPrefix="ask"
          fieldErrors={fieldErrors}
          values={values}
          defaultMessage={inquiryMessageFor(address)}
          messageRows={4}
        />
        <Honeypot idPrefix="ask" />
        {figures && (
          <>
            {Object.entries(figures.fields).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <p className="text-sm text-ink-muted" data-testid="figures-sent">
              Your figures will be sent with your message: {figures.sentence}
            </p>
          </>
        )}
        <Button type="submit" className="w-full">
          {busy ? "Sending..." : "Ask about this home"}
        </Button>
      </fieldset>
    </fetcher.Form>
  );
}
