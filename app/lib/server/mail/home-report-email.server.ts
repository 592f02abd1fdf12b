/**
 * The monthly home report (issue 43): per home, its estimated range today and its change since
 * the last report, its neighbourhood's new listings, price reductions and median asking price
 * since then, and a button back to the home's page. A marketing mail like the listing alert
 * (marketing-mail.server.ts: CASL's footer, List-Unsubscribe, the consent ledger checked).
 */
import { site } from "~/content/site";
import { formatCurrency } from "~/lib/format";
import { formatListingPrice } from "~/lib/listing-text";
import { type HomeReportHome, type HomeReportMail, homeReportPayloadOf } from "./home-report-payload.server";
import { escapeHtml } from "./mail-text.server";
import type { OutgoingEmail } from "./mail-text.server";
import { FONT, link, marketingEmail, para } from "./marketing-mail.server";
import type { OutboxNotification } from "./outbox.server";

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

export function monthWords(month: string): string {
  return `${MONTHS[Number(month.slice(5, 7)) - 1] ?? ""} ${month.slice(0, 4)}`;
}

const rangeWords = (r: { low: number; high: number }) => `${formatCurrency(r.low)} – ${formatCurrency(r.high)}`;

/** The change of the range's middle since the last report, in words; null without two ranges. */
export function changeWords(h: Pick<HomeReportHome, "estimate" | "previousEstimate">): string | null {
  if (!h.estimate || !h.previousEstimate) return null;
  const diff = (h.estimate.low + h.estimate.high) / 2 - (h.previousEstimate.low + h.previousEstimate.high) / 2;
  if (Math.abs(diff) < 1000) return `Unchanged since the last report (${rangeWords(h.previousEstimate)}).`;
  return `${diff > 0 ? "Up" : "Down"} ${formatCurrency(Math.abs(diff))} since the last report (${rangeWords(h.previousEstimate)}).`;
}

function estimateWords(h: HomeReportHome): string {
  return h.estimate
    ? `Estimated range today: ${rangeWords(h.estimate)}`
    : "Too few comparable homes are for sale right now to estimate a range fairly.";
}

function neighbourhoodWords(h: HomeReportHome): string[] {
  const where = h.neighbourhood ?? "the neighbourhood";
  const since = new Date(h.since).toLocaleDateString("en-CA", { timeZone: "America/Edmonton", month: "long", day: "numeric" });
  const median =
    h.medianAsking === null
      ? `No homes for sale in ${where} are matched to the City's roll right now.`
      : `Median asking price in ${where}: ${formatCurrency(h.medianAsking)}${h.previousMedian !== null ? ` (was ${formatCurrency(h.previousMedian)})` : ""}.`;
  return [
    `In ${where} since ${since}: ${h.newListings} new ${h.newListings === 1 ? "listing" : "listings"}, ${h.priceChanges} price ${h.priceChanges === 1 ? "reduction" : "reductions"}.`,
    median,
  ];
}

const listingWords = (l: HomeReportHome["listings"][number]) =>
  `${l.kind === "new" ? "New" : "Reduced"}: ${l.address}, ${formatListingPrice(l.price)}${l.oldPrice !== null ? ` (was ${formatListingPrice(l.oldPrice)})` : ""}`;

const CAVEAT =
  "The range applies what comparable homes for sale ask, against their City assessments, to this home's assessment. Asking prices are not sale prices, and a value estimate is not an appraisal.";

function textOf(m: HomeReportMail): string[] {
  const homes = m.homes.flatMap((h) => [
    h.address.toUpperCase(),
    estimateWords(h),
    ...(changeWords(h) ? [changeWords(h)!] : []),
    ...neighbourhoodWords(h),
    ...h.listings.map((l) => `${listingWords(l)}: ${l.url}`),
    `See your home's page: ${h.pageUrl}`,
    "",
  ]);
  return [...homes, CAVEAT, `Estimates by ${site.agent.name}, ${site.brokerage.name}.`, ""];
}

function homeHtml(h: HomeReportHome): string {
  const change = changeWords(h);
  return `<tr><td style="padding:12px 24px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;border:1px solid #e2e8f0">
<tr><td style="padding:12px 16px;${FONT};font-size:15px;line-height:1.4;color:#0f172a">
${para(escapeHtml(h.address), "margin:0;font-size:17px;font-weight:bold")}
${para(escapeHtml(estimateWords(h)), "margin:8px 0 0;font-size:20px;font-weight:bold")}
${change ? `${para(escapeHtml(change), "margin:4px 0 0;color:#334155")}\n` : ""}${neighbourhoodWords(h)
    .map((line) => para(escapeHtml(line), "margin:8px 0 0;color:#334155"))
    .join("\n")}
${h.listings.map((l) => para(link(l.url, listingWords(l), "color:#0f172a;text-decoration:underline"), "margin:4px 0 0;font-size:14px")).join("\n")}
<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:12px 0 0"><tr><td style="background-color:#1d4ed8;border-radius:6px;padding:10px 18px">${link(h.pageUrl, "See your home's page", `${FONT};color:#ffffff;font-weight:bold;text-decoration:none`)}</td></tr></table>
</td></tr>
</table>
</td></tr>
`;
}

function htmlOf(m: HomeReportMail): string {
  return `${m.homes.map(homeHtml).join("")}<tr><td style="padding:8px 24px;${FONT};font-size:13px;line-height:1.5;color:#475569">${para(escapeHtml(`${CAVEAT} Estimates by ${site.agent.name}, ${site.brokerage.name}.`), "margin:0")}</td></tr>\n`;
}

export function buildHomeReportEmail(
  n: Pick<OutboxNotification, "id" | "kind" | "payload" | "message_id" | "created_at" | "recipient">,
): OutgoingEmail {
  const m = homeReportPayloadOf(n);
  const subject =
    m.homes.length === 1
      ? `Your home report for ${monthWords(m.month)}: ${m.homes[0]!.address}`
      : `Your home report for ${monthWords(m.month)}`;
  return marketingEmail(n, m, {
    subject,
    text: textOf(m),
    html: htmlOf(m),
    why: `You receive this e-mail because you asked for a monthly home report on ${site.agent.name}'s website.`,
    manageLabel: "Manage your e-mails",
  });
}
