/**
 * The monthly home report's payload (what queueHomeReports in app/lib/server/alerts/home-report.server.ts
 * writes) and its reading: every field checked, every link on the site's own origin (the one of
 * the unsubscribe link), so a malformed row fails with its reason instead of half a mail. The next
 * month's report reads its homes' estimate and median back from the last one.
 */
import { MalformedPayloadError, oneLine, payloadFields, str } from "./mail-text.server";
import { type MarketingEnvelope, type MarketingPayload, marketingEnvelopeOf } from "./marketing-mail.server";
import type { OutboxNotification } from "./outbox.server";

/** A new listing or a price reduction near the home, by name. */
export interface HomeReportListing {
  kind: "new" | "price";
  address: string;
  price: number;
  /** The price before the reduction, when the feed's copy knows it. */
  oldPrice: number | null;
  /** The listing's page on the site, absolute. */
  url: string;
}

export interface HomeReportHome {
  account: string;
  /** "10310 102 Street NW, Edmonton". */
  address: string;
  /** The button back to the home's page: /alerts/home/<token>/<account>, absolute. */
  pageUrl: string;
  /** The estimated range today; null when the listings cannot support one. */
  estimate: { low: number; high: number } | null;
  /** How many comparable homes it rests on. */
  basisCount: number;
  /** The range the last report showed, if it showed one. */
  previousEstimate: { low: number; high: number } | null;
  neighbourhood: string | null;
  /** Since when the neighbourhood's figures count (the last report, or the confirmation), ISO. */
  since: string;
  newListings: number;
  priceChanges: number;
  /** The neighbourhood's median asking price now (homes for sale matched to the roll), to the thousand. */
  medianAsking: number | null;
  previousMedian: number | null;
  listings: HomeReportListing[];
}

export interface HomeReportPayload extends MarketingPayload {
  /** "2026-12". */
  month: string;
  homes: HomeReportHome[];
}

export type HomeReportMail = HomeReportPayload & MarketingEnvelope;

const amount = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) && value > 0 ? value : null);
const count = (value: unknown): number => (typeof value === "number" && Number.isSafeInteger(value) && value >= 0 ? value : 0);

function rangeOf(value: unknown): { low: number; high: number } | null {
  if (!value || typeof value !== "object") return null;
  const r = value as Record<string, unknown>;
  const low = amount(r.low);
  const high = amount(r.high);
  return low !== null && high !== null ? { low, high } : null;
}

export function homeReportPayloadOf(n: Pick<OutboxNotification, "id" | "kind" | "payload" | "recipient">): HomeReportMail {
  const p = payloadFields(n);
  const bad = (why: string) => new MalformedPayloadError(`Home report ${n.id}: ${why}`);
  const { onSite, ...envelope } = marketingEnvelopeOf(n, p, bad);
  const month = str(p.month);
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) throw bad("no month");
  if (!Array.isArray(p.homes) || p.homes.length === 0) throw bad("no homes");
  const homes = p.homes.map((value: unknown, i): HomeReportHome => {
    if (!value || typeof value !== "object") throw bad(`home ${i + 1} is not an object`);
    const h = value as Record<string, unknown>;
    const listings = (Array.isArray(h.listings) ? (h.listings as unknown[]) : []).flatMap((v, k): HomeReportListing[] => {
      const l = (v && typeof v === "object" ? v : {}) as Record<string, unknown>;
      const price = amount(l.price);
      if ((l.kind !== "new" && l.kind !== "price") || price === null) return [];
      return [
        {
          kind: l.kind,
          address: oneLine(str(l.address)) || "A home for sale",
          price,
          oldPrice: amount(l.oldPrice),
          url: onSite(l.url, `home ${i + 1}'s listing ${k + 1}`),
        },
      ];
    });
    const since = new Date(str(h.since));
    return {
      account: oneLine(str(h.account)),
      address: oneLine(str(h.address)) || "Your home",
      pageUrl: onSite(h.pageUrl, `home ${i + 1}'s link`),
      estimate: rangeOf(h.estimate),
      basisCount: count(h.basisCount),
      previousEstimate: rangeOf(h.previousEstimate),
      neighbourhood: oneLine(str(h.neighbourhood)) || null,
      since: Number.isNaN(since.getTime()) ? new Date(0).toISOString() : since.toISOString(),
      newListings: count(h.newListings),
      priceChanges: count(h.priceChanges),
      medianAsking: amount(h.medianAsking),
      previousMedian: amount(h.previousMedian),
      listings,
    };
  });
  return { ...envelope, month, homes };
}
