/** The monthly home report's mail: the name typed is text, never markup; links only on the site; the change in words. */
import { describe, expect, it } from "vitest";
import { buildHomeReportEmail, changeWords } from "./home-report-email.server";
import type { HomeReportPayload } from "./home-report-payload.server";
import { MalformedPayloadError } from "./mail-text.server";

const ORIGIN = "https://www.averyhomes.example";
const payload = (over: Partial<HomeReportPayload> = {}): HomeReportPayload => ({
  name: `<img src=x onerror="alert(1)">`,
  month: "2026-12",
  homes: [
    {
      account: "1066158",
      address: "10310 102 Street NW, Edmonton",
      pageUrl: `${ORIGIN}/alerts/home/t0ken/1066158`,
      estimate: { low: 420_000, high: 455_000 },
      basisCount: 6,
      previousEstimate: { low: 410_000, high: 445_000 },
      neighbourhood: "Garneau",
      since: "2026-11-02T14:00:00.000Z",
      newListings: 1,
      priceChanges: 0,
      medianAsking: 499_000,
      previousMedian: null,
      listings: [{ kind: "new", address: "10401 99 Ave NW", price: 515_000, oldPrice: null, url: `${ORIGIN}/listings/x` }],
    },
  ],
  manageUrl: `${ORIGIN}/alerts/manage/m`,
  unsubscribeUrl: `${ORIGIN}/alerts/unsubscribe/m`,
  ...over,
});
const row = (p: unknown) => ({
  id: 7,
  kind: "home-report" as const,
  payload: p,
  message_id: "<home-report-1-2026-12@averyhomes.example>",
  created_at: new Date("2026-12-01T14:00:00Z"),
  recipient: "jane@example.com",
});

describe("the monthly home report's mail", () => {
  it("says the range, its change and the neighbourhood, with the name as text and List-Unsubscribe", () => {
    const mail = buildHomeReportEmail(row(payload()));
    expect(mail.subject).toBe("Your home report for December 2026: 10310 102 Street NW, Edmonton");
    expect(mail.html).not.toContain("<img src=x");
    expect(mail.html).toContain("&lt;img src=x");
    expect(mail.text).toContain("Estimated range today: $420,000 – $455,000");
    expect(mail.text).toContain("Up $10,000 since the last report ($410,000 – $445,000).");
    expect(mail.text).toContain("In Garneau since November 2: 1 new listing, 0 price reductions.");
    expect(mail.text).toContain("not an appraisal");
    expect(mail.headers).toMatchObject({ "List-Unsubscribe": `<${ORIGIN}/alerts/unsubscribe/m>` });
  });

  it("refuses a payload whose button leads off the site, or that has no unsubscribe link", () => {
    const [home] = payload().homes;
    expect(() => buildHomeReportEmail(row(payload({ homes: [{ ...home!, pageUrl: "https://evil.example/x" }] })))).toThrow(
      MalformedPayloadError,
    );
    expect(() => buildHomeReportEmail(row({ ...payload(), unsubscribeUrl: "" }))).toThrow(MalformedPayloadError);
  });

  it("words no change, and nothing without two ranges", () => {
    expect(changeWords({ estimate: { low: 1000, high: 2000 }, previousEstimate: { low: 1000, high: 2000 } })).toMatch(/^Unchanged/);
    expect(changeWords({ estimate: { low: 1000, high: 2000 }, previousEstimate: null })).toBeNull();
  });
});
