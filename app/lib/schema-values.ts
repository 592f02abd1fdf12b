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

/**
 * Where the agent is with a person (the inbox). Few on purpose; a change is one tap and goes on
 * the person's timeline. "spam" hides the person from the default list; nothing is deleted.
 */
export const PERSON_STATUSES = ["new", "contacted", "appointment", "client", "closed", "not_interested", "spam"] as const;
export type PersonStatus = (typeof PERSON_STATUSES)[number];
export const PERSON_STATUS_LABELS: Record<PersonStatus, string> = {
  new: "New",
  contacted: "Contacted",
  appointment: "Appointment set",
  client: "Active client",
  closed: "Closed",
  not_interested: "Not interested",
  spam: "Spam",
};

/**
 * How the site groups listings from the DDF® feed: the three property-type pages, and the rest.
 * Stored on each listing (derived from PropertySubType and StructureType when it is synced).
 */
export const LISTING_CATEGORIES = ["single-family", "condominium", "townhouse", "other"] as const;
export type ListingCategory = (typeof LISTING_CATEGORIES)[number];
/** spec §3 inquiry_type for a message sent from a listing page's "Ask about this home" form. */
export const INQUIRY_TYPE_LISTING = "listing";

/** Where a showing is (issue 44): held while requested or confirmed, freed when cancelled. */
export const SHOWING_STATUSES = ["requested", "confirmed", "cancelled"] as const;
/** spec §7-style source of a showing request. */
export const SHOWING_SOURCE = "showing_request";

/** Square feet in a square metre: the database's living area in feet (listings.living_area_sqft) and the price per square foot. */
export const SQ_FT_PER_M2 = 10.7639;
