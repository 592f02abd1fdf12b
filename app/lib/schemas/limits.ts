/**
 * What the form fields themselves need from the schemas: length caps and the honeypot's name.
 * Kept apart from fields.ts so the forms can render without loading zod, which only the check
 * on submit needs (see useFormSubmission's `loadParse`).
 */

export const LIMITS = {
  name: 120,
  email: 254,
  phone: 40,
  message: 5000,
} as const;

export const HONEYPOT_FIELD = "website";
