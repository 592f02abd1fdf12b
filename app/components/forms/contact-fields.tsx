/**
 * The contact form's four fields (spec §5: "Full Name required (text); Email Address required
 * (email type); Phone Number optional (telephone type); Message optional (multi-line, 5 rows)").
 * The contact page and a listing's "Ask about this home" form post the same fields to the same
 * pipeline (parseContactForm), so their markup is written once, here (the visitor's three fields
 * are VisitorFields, as on every public form); each form keeps its own <form>, legend, honeypot
 * and button.
 */
import type { ContactField } from "~/lib/schemas/contact";
import type { FieldErrors } from "~/lib/schemas/fields";
import { LIMITS } from "~/lib/schemas/limits";
import { TextAreaField } from "./fields";
import { VisitorFields } from "./visitor-fields";

interface ContactFieldsProps {
  /** Prefixes the fields' ids ("contact" gives contact-name…): two forms can share a page without clashing. */
  idPrefix: string;
  fieldErrors: FieldErrors<ContactField>;
  /** What was typed, when the page came back from a submission made without JavaScript. */
  values: Record<ContactField, string> | null;
  /** The message's text before anything was typed (the listing form suggests a question). */
  defaultMessage?: string;
  messageRows?: number;
}

export function ContactFields({ idPrefix, fieldErrors, values, defaultMessage, messageRows = 5 }: ContactFieldsProps) {
  return (
    <>
      <VisitorFields idPrefix={idPrefix} phoneRequired={false} errors={fieldErrors} values={values} />
      <TextAreaField
        id={`${idPrefix}-message`}
        name="message"
        label="Message"
        rows={messageRows}
        maxLength={LIMITS.message}
        // An echoed message wins, even an empty one: it is what the visitor left in the field.
        defaultValue={values?.message ?? defaultMessage}
        error={fieldErrors.message}
      />
    </>
  );
}
