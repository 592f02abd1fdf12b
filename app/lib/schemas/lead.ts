/**
 * The welcome page's lead form (spec §2, §5): full name, e-mail and phone required, comments
 * optional, the service type set by the button that opened the form.
 */
import * as z from "zod/mini";
import { type FormParse, emailField, optionalText, parseFormFields, requiredPhone, requiredText } from "./fields";
import { LIMITS } from "./limits";
import { SERVICE_TYPES } from "./services";

export const LEAD_FIELDS = ["fullName", "email", "phone", "serviceType", "comments"] as const;
export type LeadField = (typeof LEAD_FIELDS)[number];

export const leadSchema = z.object({
  fullName: requiredText(LIMITS.name, "Please enter your full name."),
  email: emailField,
  phone: requiredPhone,
  serviceType: z.enum(SERVICE_TYPES, "Please choose what you would like help with."),
  comments: optionalText(LIMITS.message),
});

export type LeadInput = z.infer<typeof leadSchema>;

export function parseLeadForm(form: FormData): FormParse<LeadField, LeadInput> {
  return parseFormFields(form, LEAD_FIELDS, leadSchema);
}
