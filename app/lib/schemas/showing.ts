/**
 * "Book a showing" (issue 44): name, e-mail, phone, an optional note and the time picked among
 * the offered ones. The schema checks only the time's shape; whether it is offered is the
 * server's question (the route's check against the agent's availability, then the database's
 * unique slot).
 */
import * as z from "zod/mini";
import { emailField, optionalText, requiredPhone, requiredText } from "./fields";
import { LIMITS } from "./limits";

export const SHOWING_FIELDS = ["name", "email", "phone", "note", "slot"] as const;
export type ShowingField = (typeof SHOWING_FIELDS)[number];

/** An instant as the booking page writes it: `Date.toISOString()`, nothing else. */
const SLOT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\.000Z$/;
export const pickTimeMessage = "Please pick a time for the showing.";

export const showingSchema = z.object({
  name: requiredText(LIMITS.name, "Please enter your full name."),
  email: emailField,
  phone: requiredPhone,
  note: optionalText(LIMITS.message),
  slot: z.string(pickTimeMessage).check(
    z.regex(SLOT, pickTimeMessage),
    z.refine((v) => Number.isFinite(Date.parse(v)), pickTimeMessage),
  ),
});

export type ShowingInput = z.infer<typeof showingSchema>;
