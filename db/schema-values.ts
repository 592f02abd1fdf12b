/**
 * Values the database constrains and the forms offer. Kept apart from db/schema.ts so the
 * browser bundle can import them without the ORM.
 */
export const SERVICE_TYPES = ["buying", "selling", "buying_and_selling"] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];

/** spec §7: the source recorded for each form. */
export const CONTACT_SOURCE = "contact_form";
export const LEAD_SOURCE = "Welcome Page Form";
/** spec §3: the inquiry_type of a contact-form message. */
export const INQUIRY_TYPE_QUESTION = "question";
