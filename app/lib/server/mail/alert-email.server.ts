/**
 * The listing alert (issue 32): the homes that changed for a person's confirmed searches and
 * watched homes, at most ALERT_MAIL_ITEMS with links to all. Marketing under CASL: it names the
 * sender (agent, brokerage, mailing address), says why it is received, links to manage and to
 * unsubscribe, and carries List-Unsubscribe with the one-click POST of RFC 8058. The outbox job
 * checks the consent ledger before it is sent (outbox-job.server.ts).
 *
 * The HTML is what mail programs render alike (Outlook's Word engine included): nested
 * role=presentation tables with width attributes, inline styles only, no classes, no scripts.
 */
import { brokerageLine, bedsBaths, formatListingPrice } from "~/lib/listing-text";
import { formatAddress, site } from "~/content/site";
import { type AlertItem, type AlertMail, alertPayloadOf } from "./alert-payload.server";
import { escapeHtml } from "./mail-text.server";
import type { OutgoingEmail } from "./mail-text.server";
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

const sender = () => [`${site.agent.name}, ${site.agent.title}`, site.brokerage.name, formatAddress(), site.agent.phone];

function textOf(m: AlertMail, subject: string): string {
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
  return [
    `Hi ${m.name ?? "there"},`,
    "",
    `${subject}.`,
    "",
    ...homes,
    ...all,
    "-- ",
    whyOf(m),
    `Manage your alerts: ${m.manageUrl}`,
    `Unsubscribe: ${m.unsubscribeUrl}`,
    "",
    ...sender(),
    "",
  ].join("\n");
}

const FONT = "font-family:Arial,Helvetica,sans-serif";
const link = (href: string, label: string, style = "color:#1d4ed8") =>
  `<a href="${escapeHtml(href)}" style="${style}">${escapeHtml(label)}</a>`;
/** A paragraph with its own margins (Outlook ignores CSS defaults): 4px above unless `style` sets them. */
const para = (html: string, style = "") =>
  `<p style="${/(^|;)margin:/.test(style) ? style : `margin:4px 0 0${style ? `;${style}` : ""}`}">${html}</p>`;

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

function htmlOf(m: AlertMail, subject: string): string {
  const more = moreOf(m) ? `${moreOf(m)} ` : "";
  const all =
    m.allLinks.length || more
      ? `<tr><td style="padding:12px 24px;${FONT};font-size:15px;color:#0f172a">${escapeHtml(more)}${m.allLinks.length ? `See all the homes: ${m.allLinks.map((l) => link(l.url, l.label)).join(" · ")}` : ""}</td></tr>\n`
      : "";
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="x-apple-disable-message-reformatting"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background-color:#f1f5f9">
<div style="display:none;max-height:0;max-width:0;overflow:hidden;opacity:0;mso-hide:all;font-size:1px;line-height:1px;color:#f1f5f9">${escapeHtml(preheaderOf(m))}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f1f5f9"><tr><td align="center" style="padding:24px 8px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background-color:#ffffff;border-collapse:collapse">
<tr><td style="padding:24px 24px 4px;${FONT};font-size:15px;line-height:1.5;color:#0f172a">${para(escapeHtml(`Hi ${m.name ?? "there"},`), "margin:0")}${para(escapeHtml(`${subject}.`), "margin:8px 0 0")}</td></tr>
${m.items.map(itemHtml).join("")}${all}<tr><td style="padding:16px 24px 24px;border-top:1px solid #e2e8f0;${FONT};font-size:13px;line-height:1.5;color:#475569">
${para(escapeHtml(whyOf(m)), "margin:0")}
${para(`${link(m.manageUrl, "Manage your alerts")} · ${link(m.unsubscribeUrl, "Unsubscribe")}`, "margin:8px 0 0")}
${para(sender().map(escapeHtml).join("<br>"), "margin:8px 0 0")}
</td></tr>
</table>
</td></tr></table>
</body></html>
`;
}

export function buildAlertEmail(
  n: Pick<OutboxNotification, "id" | "kind" | "payload" | "message_id" | "created_at" | "recipient">,
): OutgoingEmail {
  const m = alertPayloadOf(n);
  const subject = subjectOf(m);
  return {
    // The address only, as for every visitor's mail (decision 042).
    to: m.address,
    replyTo: { name: site.agent.name, address: site.agent.email },
    subject,
    text: textOf(m, subject),
    html: htmlOf(m, subject),
    messageId: n.message_id,
    date: n.created_at,
    // RFC 2369 and 8058: the mail program's own unsubscribe button, a POST to the same link. No
    // Auto-Submitted: it is no automatic reply, and some programs hide the button on those.
    headers: {
      "List-Unsubscribe": `<${m.unsubscribeUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      "X-Notification-Id": String(n.id),
    },
  };
}
