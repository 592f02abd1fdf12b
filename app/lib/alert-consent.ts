/**
 * The consent box of the alert sign-ups (CASL, issue 32): its text names the sender (agent and
 * brokerage), says what will be sent and that consent can be withdrawn at any time. The form shows
 * the text of ALERT_CONSENT_VERSION and posts the version; the server stores its own text for that
 * version in the ledger, word for word, so the record never depends on what a browser sent. A new
 * wording gets a new version and the old one stays here, so a ledger entry can always be read back.
 */
import type { AlertKind } from "./alert-values";
import { site } from "~/content/site";

const sender = `${site.agent.name}, ${site.brokerage.name}`;

const TEXTS = {
  "2026-11-25": {
    search: `Yes, e-mail me listing alerts for this search from ${sender}: new listings and price drops that match it, at the frequency I chose. I can withdraw my consent at any time with the unsubscribe link in every e-mail.`,
    watch: `Yes, e-mail me updates about this home from ${sender}: its price changes, status changes and when it leaves the market, at the frequency I chose. I can withdraw my consent at any time with the unsubscribe link in every e-mail.`,
    // Added with issue 43: a new kind's first wording, so the version's other texts are unchanged.
    home: `Yes, e-mail me a monthly report on this home from ${sender}: its estimated value, and the new listings, price changes and asking prices in its neighbourhood. I can withdraw my consent at any time with the unsubscribe link in every e-mail.`,
  },
} as const satisfies Record<string, Record<AlertKind, string>>;

export type AlertConsentVersion = keyof typeof TEXTS;
export const ALERT_CONSENT_VERSION: AlertConsentVersion = "2026-11-25";

/** The text shown for `kind` in `version`; null for a version this site never showed. */
export function alertConsentText(kind: AlertKind, version: string = ALERT_CONSENT_VERSION): string | null {
  return Object.hasOwn(TEXTS, version) ? TEXTS[version as AlertConsentVersion][kind] : null;
}
