/**
 * The sign-up forms' descriptions, made by the loaders of the pages that show them (and by /alerts
 * when it shows one again): only loaders import this, so the consent texts and the criteria code
 * stay out of the pages' scripts (the form component only renders what it is given).
 */
import type { AlertSignUpForm } from "~/lib/alert-values";
import { criteriaFields, criteriaLabel } from "~/lib/alert-criteria";
import { ALERT_CONSENT_VERSION, alertConsentText } from "~/lib/alert-consent";
import type { AlertCriteria, AlertKind } from "~/lib/alert-values";

/** The form names the ledger records, one per kind: where the consent was given. */
export const ALERT_FORM_NAMES: Record<AlertKind, string> = {
  search: "Save this search",
  watch: "Watch this home",
  home: "Get my monthly home report",
};

const WATCH_ABOUT = "Get an e-mail when its price changes, when it sells and when it leaves the market.";

function formOf(kind: AlertKind, about: string, fields: [string, string][]): AlertSignUpForm {
  const title = ALERT_FORM_NAMES[kind];
  const hidden: [string, string][] = [["kind", kind], ["consentVersion", ALERT_CONSENT_VERSION], ["form", title], ...fields];
  return { kind, title, about, consent: alertConsentText(kind) ?? "", hidden };
}

/** "Save this search" with `criteria` (the page's own: the search's filters, an area's cities, a type's category). */
export function searchSignUpForm(criteria: AlertCriteria): AlertSignUpForm {
  return formOf("search", `New listings and price drops by e-mail for: ${criteriaLabel(criteria)}.`, criteriaFields(criteria));
}

/** "Watch this home" for the listing `listingKey`. */
export function watchSignUpForm(listingKey: string): AlertSignUpForm {
  return formOf("watch", WATCH_ABOUT, [["listingKey", listingKey]]);
}

const HOME_ABOUT =
  "Once a month, on its first weekday: this home's estimated range, its change, and its neighbourhood's new listings, price changes and median asking price.";

/** The monthly home report for the roll's account `account` (issue 43): monthly only, so the frequency is posted hidden. */
export function homeReportSignUpForm(account: string): AlertSignUpForm {
  return formOf("home", HOME_ABOUT, [
    ["listingKey", account],
    ["frequency", "monthly"],
  ]);
}
