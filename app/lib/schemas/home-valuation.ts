/**
 * "Get my in-person evaluation" on a home's value page (issue 43): name, e-mail, phone, when they
 * may sell, an optional message. One schema for the browser and the server. The home is never a
 * field: the page's action reads it from its own address (no hidden field to trust).
 */
import * as z from "zod/mini";
import { type FormParse, emailField, optionalText, parseFormFields, requiredPhone, requiredText } from "./fields";
import { LIMITS } from "./limits";

/** When the seller may sell, as the form offers it (value → words). */
export const SELL_TIMELINES = {
  "0-3": "Within 3 months",
  "3-6": "In 3 to 6 months",
  "6-12": "In 6 to 12 months",
  "12+": "In more than a year",
  unsure: "Not sure yet",
} as const;
export type SellTimeline = keyof typeof SELL_TIMELINES;
const TIMELINE_VALUES = Object.keys(SELL_TIMELINES) as [SellTimeline, ...SellTimeline[]];

export const HOME_VALUATION_FIELDS = ["name", "email", "phone", "timeline", "message"] as const;
export type HomeValuationField = (typeof HOME_VALUATION_FIELDS)[number];

export const homeValuationSchema = z.object({
  name: requiredText(LIMITS.name, "Please enter your full name."),
  email: emailField,
  phone: requiredPhone,
  timeline: z.enum(TIMELINE_VALUES, { error: "Please choose when you may sell." }),
  message: optionalText(LIMITS.message),
});

export type HomeValuationInput = z.infer<typeof homeValuationSchema>;

export function parseHomeValuationForm(form: FormData): FormParse<HomeValuationField, HomeValuationInput> {
  return parseFormFields(form, HOME_VALUATION_FIELDS, homeValuationSchema);
}
