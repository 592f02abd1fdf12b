/**
 * The listing alert (issue 32): the homes that changed for a person's confirmed searches and
 * watched homes, at most ALERT_MAIL_ITEMS with links to all. A marketing mail
 * (marketing-mail.server.ts: CASL's footer, List-Unsubscribe, the consent ledger checked).
 */
import { brokerageLine, bedsBaths, formatListingPrice } from "~/lib/listing-text";
import { site } from "~/content/site";
import { type AlertItem, type AlertMail, alertPayloadOf } from "./alert-payload.server";
import { escapeHtml } from "./mail-text.server";
import type { OutgoingEmail } from "./mail-text.server";
import { FONT, link, marketingEmail, para } from "./marketing-mail.server";
import type { OutboxNotification } from "./outbox.server";

export { ALERT_MAIL_ITEMS, alertPayloadOf } from "./alert-payload.server";
export type { AlertItem, AlertLink, AlertPayload } from "./alert-payload.server";

/** What happened to a home, as its mail says it; `drop` when the price went down (the old one struck through). */
export function changeOf(item: Pick<AlertItem, "kind" | "price" | "oldPrice" | "status">): { headline: string; drop: boolean } {
  const status = (item.status ?? "").toLowerCase();
  const sold = status === "closed" || status === "sold";
  switch (item.kind) {
    case "new":
      return { headline: "New listing", drop: false };
    case "price": {
      const drop = item.price !== null && item.oldPrice !== null && item.price < item.oldPrice;
      const up = item.price !== null && item.oldPrice !== null && item.price > item.oldPrice;
      return { headline: drop ? "Price drop" : up ? "Price increase" : "Price change", drop };
    }
    case "status":
      return {
        headline: sold
          ? "Sold"
          : status === "under-contract"
            ? "Conditionally sold"
            : status === "pending"
              ? "Sale pending"
              : status === "active"
                ? "Back on the market"
                : "No longer on the market",
        drop: false,
      };
    case "removed":
      return { headline: sold ? "Sold" : "No longer on the market", drop: false };
  }
}

function subjectOf(m: AlertMail): string {
  const [first] = m.items;
  if (m.total === 1 && first) return `${changeOf(first).headline}: ${first.address}`;
  return `${m.total} updates from your listing alerts`;
}

/** The preheader: what the inbox list shows after the subject. */
function preheaderOf(m: AlertMail): string {
  const counts = new Map<string, number>();
  for (const item of m.items) counts.set(changeOf(item).headline, (counts.get(changeOf(item).headline) ?? 0) + 1);
  return (
    [...counts].map(([headline, n]) => `${headline}: ${n}`).join(" · ") +
    (m.total > m.items.length ? ` · ${m.total - m.items.length} more on the site` : "")
  );
}

function placeOf(item: AlertItem): string {
  return item.city && !item.address.toLowerCase().includes(item.city.toLowerCase()) ? `${item.address}, ${item.city}` : item.address;
}

function priceText(item: AlertItem): string {
  const now = formatListingPrice(item.price);
  return item.kind === "price" && item.oldPrice !== null ? `${now} (was ${formatListingPrice(item.oldPrice)})` : now;
}

/** Why they receive it, the searches named. */
function whyOf(m: AlertMail): string {
  const labels = [...new Set(m.items.map((i) => i.subscriptionLabel).filter(Boolean))];
  return `You receive this e-mail because you signed up for listing alerts on ${site.agent.name}'s website${labels.length ? `: ${labels.join("; ")}` : ""}.`;
}

/** "These are the 10 newest of 14 updates." when the mail holds only some of them. */
function moreOf(m: AlertMail): string | null {
  if (m.total <= m.items.length) return null;
  return `${m.items.length === 1 ? "This is the newest" : `These are the ${m.items.length} newest`} of ${m.total} updates.`;
}

function textOf(m: AlertMail): string[] {
  const homes = m.items.flatMap((item) => [
    `${changeOf(item).headline.toUpperCase()}: ${priceText(item)}`,
    placeOf(item),
    ...(bedsBaths(item.beds, item.baths).length ? [bedsBaths(item.beds, item.baths).join(" · ")] : []),
    brokerageLine(item.brokerage ? [item.brokerage] : []),
    item.pageUrl,
    "",
  ]);
  const more = moreOf(m) ? [moreOf(m)!] : [];
  const all = m.allLinks.length
    ? [...more, "See all the homes:", ...m.allLinks.map((l) => `${l.label}: ${l.url}`), ""]
    : more.length
      ? [...more, ""]
      : [];
  return [...homes, ...all];
}

/** The photo spans the card: 600 wide, less the outer padding and the card's border. */
const PHOTO_WIDTH = 550;
const PHOTO_HEIGHT = 367;

function itemHtml(item: AlertItem): string {
  const { headline, drop } = changeOf(item);
  const photo = item.photoUrl
    ? `<tr><td style="padding:0">${`<a href="${escapeHtml(item.pageUrl)}"><img src="${escapeHtml(item.photoUrl)}" width="${PHOTO_WIDTH}" height="${PHOTO_HEIGHT}" alt="${escapeHtml(`Photo of ${placeOf(item)}`)}" style="display:block;width:100%;max-width:${PHOTO_WIDTH}px;height:auto;border:0"></a>`}</td></tr>\n`
    : "";
  const was = item.kind === "price" && item.oldPrice !== null ? escapeHtml(formatListingPrice(item.oldPrice)) : null;
  const old = !was
    ? ""
    : drop
      ? ` <s style="text-decoration:line-through;color:#64748b;font-size:15px;font-weight:normal">${was}</s>`
      : ` <span style="color:#64748b;font-size:15px;font-weight:normal">(was ${was})</span>`;
  const facts = bedsBaths(item.beds, item.baths);
  return `<tr><td style="padding:12px 24px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;border:1px solid #e2e8f0">
${photo}<tr><td style="padding:12px 16px;${FONT};font-size:15px;line-height:1.4;color:#0f172a">
${para(escapeHtml(headline), `margin:0;font-size:13px;font-weight:bold;color:${drop ? "#b91c1c" : "#334155"}`)}
${para(`${escapeHtml(formatListingPrice(item.price))}${old}`, "font-size:20px;font-weight:bold")}
${para(link(item.pageUrl, placeOf(item), "color:#0f172a;text-decoration:underline"))}
${facts.length ? `${para(escapeHtml(facts.join(" · ")), "color:#475569")}\n` : ""}${para(escapeHtml(brokerageLine(item.brokerage ? [item.brokerage] : [])), "font-size:13px;color:#64748b")}
${para(link(item.pageUrl, "See this home", "color:#1d4ed8;font-weight:bold"), "margin:8px 0 0")}
</td></tr>
</table>
</td></tr>
`;
}

function htmlOf(m: AlertMail): string {
  const more = moreOf(m) ? `${moreOf(m)} ` : "";
  const all =
    m.allLinks.length || more
      ? `<tr><td style="padding:12px 24px;${FONT};font-size:15px;color:#0f172a">${escapeHtml(more)}${m.allLinks.length ? `See all the homes: ${m.allLinks.map((l) => link(l.url, l.label)).join(" · ")}` : ""}</td></tr>\n`
      : "";
  return `${m.items.map(itemHtml).join("")}${all}`;
}

export function buildAlertEmail(
  n: Pick<OutboxNotification, "id" | "kind" | "payload" | "message_id" | "created_at" | "recipient">,
): OutgoingEmail {
  const m = alertPayloadOf(n);
  return marketingEmail(n, m, {
    subject: subjectOf(m),
    preheader: preheaderOf(m),
    text: textOf(m),
    html: htmlOf(m),
    why: whyOf(m),
    manageLabel: "Manage your alerts",
  });
}
