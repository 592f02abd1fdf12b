/**
 * Listing alerts' values shared by the schema, the forms and the screens (issue 32): kept apart
 * from db/schema so the browser bundle can import them without the ORM.
 */
import type { ListingFilter, ListingSort } from "./listing-types";

/**
 * A saved search (new listings and price drops that match it), one watched home (its price, status
 * and removal), or the monthly report on one's own home (issue 43: an account of the City's roll).
 */
export const ALERT_KINDS = ["search", "watch", "home"] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/**
 * How often the mail comes: a buyer's choice for a search or a watch (after each sync, daily at
 * 7:00, or Saturdays at 7:00, Edmonton time); the home report is always monthly (its first weekday, 7:00).
 */
export const ALERT_FREQUENCIES = ["instant", "daily", "weekly", "monthly"] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];
/** What a search or a watch can be set to (the sign-up's radios, the manage page's select). */
export const CHOSEN_FREQUENCIES = ["instant", "daily", "weekly"] as const;
export const ALERT_FREQUENCY_LABELS: Record<AlertFrequency, string> = {
  instant: "As they happen",
  daily: "Daily",
  weekly: "Weekly",
  monthly: "Monthly",
};
/** The one frequency of each kind that has one (the home report), else null: the visitor chooses. */
export function fixedFrequency(kind: AlertKind): AlertFrequency | null {
  return kind === "home" ? "monthly" : null;
}

/** pending: waiting for the confirmation link; active: confirmed, alerts are sent; ended: removed or unsubscribed. */
export const ALERT_STATUSES = ["pending", "active", "ended"] as const;

/** What a listing change is: a new listing, a price change, a status change, its removal from the feed. */
export const LISTING_CHANGE_KINDS = ["new", "price", "status", "removed"] as const;
export type ListingChangeKind = (typeof LISTING_CHANGE_KINDS)[number];

/**
 * A saved search's criteria: the /listings filters a buyer can set, named as the search's own
 * ListingFilter names them (issue 45 added those after minBeds), and its order for the link back;
 * without paging or "with accepted offers" (alerts are about homes for sale).
 */
export interface AlertCriteria extends Omit<ListingFilter, "withAcceptedOffers" | "cities" | "keywords"> {
  cities?: string[];
  keywords?: string[];
  sort?: ListingSort;
}

/**
 * The consent ledger's events (CASL): express (a ticked box: its exact text and version, the form,
 * time and address), implied (an inquiry: 6 months; a Closed status: 2 years), withdrawal.
 */
export const CONSENT_KINDS = ["express", "implied", "withdrawal"] as const;

/** The inbox's source of a person who confirmed listing alerts (people.sources). */
export const ALERTS_SOURCE = "listing_alerts";

/** A sign-up form as the server describes it for a page (app/components/alerts/alert-sign-up.tsx shows it). */
export interface AlertSignUpForm {
  kind: AlertKind;
  /** "Save this search" or "Watch this home": the disclosure, the button, and the ledger's form name. */
  title: string;
  /** What will be sent, in a sentence. */
  about: string;
  /** The consent box's label: the text of the version posted with it, word for word. */
  consent: string;
  /** kind, consentVersion, form, and the listing key or the search's criteria. */
  hidden: [string, string][];
}

export type AlertSignUpField = "email" | "name" | "frequency" | "consent";
