/**
 * The welcome page's lead form (spec §2, §5): full name, e-mail and phone required, comments
 * optional, the service type set by the button that opened the form.
 */
import * as z from "zod/mini";
import { SERVICE_TYPES, type ServiceType } from "../../../db/schema-values";
import { type FormParse, LIMITS, emailField, optionalText, parseFormFields, requiredPhone, requiredText } from "./fields";

export { SERVICE_TYPES, type ServiceType };

export const LEAD_FIELDS = ["fullName", "email", "phone", "serviceType", "comments"] as const;
export type LeadField = (typeof LEAD_FIELDS)[number];

/** The button labels of spec §2, by service type. */
export const SERVICE_LABELS: Record<ServiceType, string> = {
  buying: "I'm Buying",
  selling: "I'm Selling",
  buying_and_selling: "I'm Buying and Selling",
};

export function isServiceType(value: unknown): value is ServiceType {
  return typeof value === "string" && (SERVICE_TYPES as readonly string[]).includes(value);
}

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
