/**
 * The consent the welcome form asks for (spec: the form's consent text), in one place: the form
 * renders it and the lead records it word for word with its version, so the inbox can show the
 * agent exactly what a visitor agreed to and when (Canada's anti-spam law, CASL, puts the burden
 * of proving consent on the sender). Change the words, change the version.
 */
import { site } from "./site";

export const LEAD_CONSENT_VERSION = "2025-06-02";

/** The text around the two links, in order; the links' labels are "Terms of Use" and "Privacy Policy". */
export const leadConsentParts = {
  before: "By pressing Continue, you agree to our ",
  terms: "Terms of Use",
  between: " and ",
  privacy: "Privacy Policy",
  after: `, and you consent to receive messages, calls or texts from ${site.agent.name} about your real estate needs at the e-mail address and phone number you provided, including by automated means. Consent is not a condition of any purchase. Message frequency varies; message and data rates may apply. Reply HELP for help or STOP to stop receiving texts.`,
} as const;

/** The consent as the visitor read it, in plain text. */
export const LEAD_CONSENT_TEXT = Object.values(leadConsentParts).join("");
