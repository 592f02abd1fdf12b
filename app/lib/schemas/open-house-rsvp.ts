/**
 * "I'll be there" for an open house of the feed (issue 44): name, e-mail, an optional phone. One
 * schema for the browser and the server. The open house is never a field: the page's action
 * reads it from its own address (no hidden field to trust).
 */
import * as z from "zod/mini";
import { emailField, optionalPhone, requiredText } from "./fields";
import { LIMITS } from "./limits";

export const OPEN_HOUSE_RSVP_FIELDS = ["name", "email", "phone"] as const;
export type OpenHouseRsvpField = (typeof OPEN_HOUSE_RSVP_FIELDS)[number];

export const openHouseRsvpSchema = z.object({
  name: requiredText(LIMITS.name, "Please enter your full name."),
  email: emailField,
  phone: optionalPhone,
});

export type OpenHouseRsvpInput = z.infer<typeof openHouseRsvpSchema>;
