/**
 * The contact form ('Send us a Message', spec §2 and §5): one schema for the browser and the server.
 */
import * as z from "zod/mini";
import { type FieldErrors, LIMITS, emailField, fieldErrorsOf, formFields, optionalPhone, optionalText, requiredText } from "./fields";

export const CONTACT_FIELDS = ["name", "email", "phone", "message"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

export const contactSchema = z.object({
  name: requiredText(LIMITS.name, "Please enter your full name."),
  email: emailField,
  phone: optionalPhone,
  message: optionalText(LIMITS.message),
});

export type ContactInput = z.infer<typeof contactSchema>;

export type ContactParse =
  | { ok: true; data: ContactInput; values: Record<ContactField, string> }
  | { ok: false; fieldErrors: FieldErrors<ContactField>; values: Record<ContactField, string> };

export function parseContactForm(form: FormData): ContactParse {
  const values = formFields(form, CONTACT_FIELDS);
  const result = contactSchema.safeParse(values);
  if (result.success) return { ok: true, data: result.data, values };
  return { ok: false, fieldErrors: fieldErrorsOf<ContactField>(result.error), values: capValues(values) };
}

/** What is echoed back into the form after an error: what was typed, never more than a page of it. */
function capValues(values: Record<ContactField, string>): Record<ContactField, string> {
  return {
    name: values.name.slice(0, LIMITS.name * 2),
    email: values.email.slice(0, LIMITS.email * 2),
    phone: values.phone.slice(0, LIMITS.phone * 2),
    message: values.message.slice(0, LIMITS.message * 2),
  };
}
