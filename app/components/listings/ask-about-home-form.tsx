import { useFetcher } from "react-router";
import { Honeypot, TextAreaField, TextField } from "~/components/forms/fields";
import { FormResultNotice, useFormSubmission } from "~/components/forms/use-form-submission";
import { Button } from "~/components/ui/button";
import { contactMessages } from "~/content/form-messages";
import type { FormResult } from "~/lib/form-result";
import { type ContactField, parseContactForm } from "~/lib/schemas/contact";
import { LIMITS } from "~/lib/schemas/fields";

export function inquiryMessageFor(address: string): string {
  return `I'd like more information about ${address}.`;
}

/**
 * "Ask about this home": the contact form's fields and pipeline, posted to the listing's own page
 * (whose action attaches the listing). A plain POST without JavaScript; with it, the same fetcher
 * and toast as the contact page.
 */
export function AskAboutHomeForm({ action, address, documentResult }: { action: string; address: string; documentResult: FormResult<ContactField> | null }) {
  const fetcher = useFetcher<FormResult<ContactField>>({ key: "listing-inquiry" });
  const { formRef, busy, fieldErrors, values, validateInBrowser } = useFormSubmission({ fetcher, documentResult, messages: contactMessages, parse: parseContactForm });
  return (
    <fetcher.Form ref={formRef} method="post" action={action} onSubmit={validateInBrowser} className="mt-4 space-y-4">
      <FormResultNotice result={documentResult} messages={contactMessages} />
      <fieldset disabled={busy} className="space-y-4">
        <legend className="sr-only">Your question about {address}</legend>
        <TextField id="ask-name" name="name" label="Full Name" required autoComplete="name" maxLength={LIMITS.name} defaultValue={values?.name} error={fieldErrors.name} />
        <TextField
          id="ask-email"
          name="email"
          type="email"
          label="Email Address"
          required
          autoComplete="email"
          maxLength={LIMITS.email}
          defaultValue={values?.email}
          error={fieldErrors.email}
        />
        <TextField id="ask-phone" name="phone" type="tel" label="Phone Number" autoComplete="tel" maxLength={LIMITS.phone} defaultValue={values?.phone} error={fieldErrors.phone} />
        <TextAreaField
          id="ask-message"
          name="message"
          label="Message"
          rows={4}
          maxLength={LIMITS.message}
          defaultValue={values?.message ?? inquiryMessageFor(address)}
          error={fieldErrors.message}
        />
        <Honeypot idPrefix="ask" />
        <Button type="submit" className="w-full">
          {busy ? "Sending..." : "Ask about this home"}
        </Button>
      </fieldset>
    </fetcher.Form>
  );
}
