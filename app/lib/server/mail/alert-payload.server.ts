/**
 * The listing alert's payload (what queueDueAlerts in app/lib/server/alerts/queue.server.ts
 * writes) and its reading: every field checked, every link on the site's own origin (the one of
 * the unsubscribe link), so a malformed row fails with its reason instead of half a mail.
 */
import { LISTING_CHANGE_KINDS, type ListingChangeKind } from "../../alert-values";
import { MalformedPayloadError, oneLine, payloadFields, siteLink, str } from "./mail-text.server";
import { type MarketingEnvelope, type MarketingPayload, marketingEnvelopeOf } from "./marketing-mail.server";
import type { OutboxNotification } from "./outbox.server";

/** At most this many homes in one mail; the rest are behind the "see all" links. */
export const ALERT_MAIL_ITEMS = 10;

/** One home of an alert: a listing change matched to the person. */
export interface AlertItem {
  kind: ListingChangeKind;
  address: string;
  city: string | null;
  /** The price now (after the change); null when the feed has none. */
  price: number | null;
  /** The price before a price change; null otherwise. */
  oldPrice: number | null;
  /** The listing's status as the site stores it ("active", "under-contract", "pending"), or the feed's on a removal ("Closed", "Expired"…); null when unknown. */
  status: string | null;
  beds: number | null;
  baths: number | null;
  /** The listing brokerage (the DDF® rules want it beside the listing). */
  brokerage: string | null;
  /** The site's own copy of the photo, absolute; null when there is none (a removed listing). */
  photoUrl: string | null;
  /** The home's link through /alerts/open/…, absolute. */
  pageUrl: string;
  /** The search or watched home it matched ("Houses in Edmonton", "123 Main St NW"). */
  subscriptionLabel: string;
}

export interface AlertLink {
  label: string;
  /** The search's results on the site, absolute. */
  url: string;
}

export interface AlertPayload extends MarketingPayload {
  /** At most ALERT_MAIL_ITEMS, newest first. */
  items: AlertItem[];
  /** How many homes were due in all (more than items: the mail links to all). */
  total: number;
  allLinks: AlertLink[];
}

/** The payload as the mail uses it, with the origin every link shares. */
export type AlertMail = AlertPayload & MarketingEnvelope;

const count = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null);
const text = (value: unknown): string | null => oneLine(str(value)) || null;

export function alertPayloadOf(n: Pick<OutboxNotification, "id" | "kind" | "payload" | "recipient">): AlertMail {
  const p = payloadFields(n);
  const bad = (why: string) => new MalformedPayloadError(`Alert ${n.id}: ${why}`);
  const { onSite, ...envelope } = marketingEnvelopeOf(n, p, bad);

  if (!Array.isArray(p.items) || p.items.length === 0) throw bad("no homes");
  const items = p.items.slice(0, ALERT_MAIL_ITEMS).map((value: unknown, i): AlertItem => {
    if (!value || typeof value !== "object") throw bad(`home ${i + 1} is not an object`);
    const it = value as Record<string, unknown>;
    if (!(LISTING_CHANGE_KINDS as readonly unknown[]).includes(it.kind))
      throw bad(`home ${i + 1} has an unknown kind ${JSON.stringify(it.kind)}`);
    const subscriptionLabel = oneLine(str(it.subscriptionLabel));
    return {
      kind: it.kind as ListingChangeKind,
      // A removed listing may be known only by its watch's label (the home's address).
      address: oneLine(str(it.address)) || subscriptionLabel || "A home you follow",
      city: text(it.city),
      price: count(it.price),
      oldPrice: count(it.oldPrice),
      status: text(it.status),
      beds: count(it.beds),
      baths: count(it.baths),
      brokerage: text(it.brokerage),
      // A photo that is not the site's own copy is left out, not fetched from elsewhere.
      photoUrl: siteLink(it.photoUrl, envelope.origin),
      pageUrl: onSite(it.pageUrl, `home ${i + 1}'s link`),
      subscriptionLabel,
    };
  });
  const allLinks = (Array.isArray(p.allLinks) ? (p.allLinks as unknown[]) : []).map((value, i): AlertLink => {
    const l = (value && typeof value === "object" ? value : {}) as Record<string, unknown>;
    return { label: oneLine(str(l.label)) || "All homes", url: onSite(l.url, `"see all" link ${i + 1}`) };
  });
  const total = Math.max(items.length, Math.trunc(count(p.total) ?? 0));
  return { ...envelope, items, total, allLinks };
}
