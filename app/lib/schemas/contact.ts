/**
 * The contact form ('Send us a Message', spec §2 and §5): one schema for the browser and the server.
 */
import * as z from "zod/mini";
import { type FormParse, emailField, optionalPhone, optionalText, parseFormFields, requiredText } from "./fields";
import { LIMITS } from "./limits";

export const CONTACT_FIELDS = ["name", "email", "phone", "message"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

export const contactSchema = z.object({
  name: requiredText(LIMITS.name, "Please enter your full name."),
  email: emailField,
  phone: optionalPhone,
  message: optionalText(LIMITS.message),
});

export type ContactInput = z.infer<typeof contactSchema>;

export function parseContactForm(form: FormData): FormParse<ContactField, ContactInput> {
  return parseFormFields(form, CONTACT_FIELDS, contactSchema);
}
