import { useFetcher } from "react-router";
import { Honeypot, SelectField, TextAreaField } from "~/components/forms/fields";
import { FormResultNotice, useFormSubmission } from "~/components/forms/use-form-submission";
import { VisitorFields } from "~/components/forms/visitor-fields";
import { Button } from "~/components/ui/button";
import { valuationMessages } from "~/content/form-messages";
import type { FormResult } from "~/lib/form-result";
import { type HomeValuationField, SELL_TIMELINES } from "~/lib/schemas/home-valuation";
import { LIMITS } from "~/lib/schemas/limits";
import { loadHomeValuationCheck } from "~/lib/schemas/load-checks";

const TIMELINE_OPTIONS = [
  { value: "", label: "Choose one" },
  ...Object.entries(SELL_TIMELINES).map(([value, label]) => ({ value, label })),
];

/**
 * "Get my in-person evaluation" (issue 43), posted to the home's own page, whose action reads the
 * home from that address (no hidden field to trust). A plain POST without JavaScript; with it, a
 * fetcher and the toast, like every public form.
 */
export function HomeValuationForm({
  action,
  address,
  documentResult,
}: {
  action: string;
  address: string;
  documentResult: FormResult<HomeValuationField> | null;
}) {
  const fetcher = useFetcher<FormResult<HomeValuationField>>({ key: "home-valuation" });
  const { formRef, busy, fieldErrors, values, validateInBrowser } = useFormSubmission({
    fetcher,
    documentResult,
    messages: valuationMessages,
    loadParse: loadHomeValuationCheck,
  });
  return (
    <fetcher.Form ref={formRef} method="post" action={action} onSubmit={validateInBrowser} className="mt-4 space-y-4">
      <FormResultNotice result={documentResult} messages={valuationMessages} />
      <fieldset disabled={busy} className="space-y-4">
        <legend className="sr-only">Your in-person evaluation of {address}</legend>
        <VisitorFields idPrefix="valuation" phoneRequired={true} errors={fieldErrors} values={values} />
        <SelectField
          id="valuation-timeline"
          name="timeline"
          label="When might you sell?"
          required
          options={TIMELINE_OPTIONS}
          defaultValue={values?.timeline ?? ""}
          error={fieldErrors.timeline}
        />
        <TextAreaField
          id="valuation-message"
          name="message"
          label="Message"
          rows={3}
          maxLength={LIMITS.message}
          defaultValue={values?.message}
          error={fieldErrors.message}
        />
        <Honeypot idPrefix="valuation" />
        <Button type="submit" className="w-full">
          {busy ? "Sending..." : "Get my in-person evaluation"}
        </Button>
      </fieldset>
    </fetcher.Form>
  );
}
