/**
 * What a visitor typed into an alert sign-up, made safe to store: cut to its bounds, without the
 * characters PostgreSQL refuses, and a search's criteria in one canonical form.
 */
import type { AlertCriteria } from "~/lib/alert-values";
import { canonicalAlertCriteria } from "~/lib/alert-criteria";
import { LIMITS } from "~/lib/schemas/limits";

/** Lengths a visitor's text is cut to: the forms' own (schemas/limits.ts) for what the sign-up form offers. */
export const MAX = {
  email: LIMITS.email,
  name: LIMITS.name,
  form: 100,
  address: 100,
  userAgent: 500,
  listingKey: 64,
  city: 100,
  cities: 50,
} as const;

/** NUL (PostgreSQL refuses it) and halves of surrogate pairs (a cut may leave one) removed, then trimmed. */
export function clean(value: string | null | undefined, max: number): string {
  return (
    (value ?? "")
      .slice(0, max)
      // eslint-disable-next-line no-control-regex -- NUL is the point
      .replace(/\u0000|\p{Cs}/gu, "")
      .trim()
  );
}

export function cleanOrNull(value: string | null | undefined, max: number): string | null {
  return clean(value, max) || null;
}

/** The address as people.email holds it; null for one too long to be an address (cutting it would mail someone else). */
export function alertEmail(email: string): string | null {
  const normalised = clean(email, MAX.email + 1000)
    .toLowerCase()
    .trim();
  return normalised.length <= MAX.email && normalised.includes("@") ? normalised : null;
}

/** The criteria with only the known fields, cities sorted: one search is stored one way, so an identical sign-up finds it. */
export function canonicalCriteria(c: AlertCriteria): AlertCriteria {
  const criteria = canonicalAlertCriteria(c);
  if (criteria.cities) criteria.cities = criteria.cities.slice(0, MAX.cities);
  return criteria;
}
