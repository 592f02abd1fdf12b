/**
 * The GST rebate article's legislative status: stated as the official source showed it on the
 * day it was checked, cited in the articles' style, and nowhere still called a proposal.
 */
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import Article from "~/routes/blog/new-gst-rebate-for-home-buyers";
import { formatLongDate } from "~/lib/dates";
import { LEGISLATIVE_STATUS } from "./data/new-gst-rebate-for-home-buyers";
import { isOfficialSourceUrl } from "~/lib/mortgage-rules";
import { postBySlug } from "./posts";

const html = renderToString(
  <MemoryRouter initialEntries={["/blog/new-gst-rebate-for-home-buyers"]}>
    <Article />
  </MemoryRouter>,
);
const text = html
  .replace(/<[^>]+>/g, "")
  .replace(/&#x27;/g, "'")
  .replace(/&quot;/g, '"')
  .replace(/&amp;/g, "&")
  .replace(/\s+/g, " ")
  // The screen-reader hint every external link carries.
  .replace(/ \(opens in a new tab\)/g, "");

describe("GST rebate article: legislative status", () => {
  it("records the enacting Act, its Royal Assent and the official source with the date it was checked", () => {
    expect(LEGISLATIVE_STATUS).toMatchObject({
      bill: "Bill C-4",
      act: "Making Life More Affordable for Canadians Act",
      royalAssent: "2026-03-12",
    });
    expect(isOfficialSourceUrl(LEGISLATIVE_STATUS.source.url)).toBe(true);
    expect(LEGISLATIVE_STATUS.source.asOf >= LEGISLATIVE_STATUS.royalAssent).toBe(true);
  });

  it("says it is law, since when and by which Act, with a citation of the official source and its 'as of' date", () => {
    const { source } = LEGISLATIVE_STATUS;
    expect(text).toContain(`Now law, as of ${formatLongDate(source.asOf)}.`);
    expect(text).toContain(
      `Parliament enacted it in Bill C-4, the Making Life More Affordable for Canadians Act, which received Royal Assent on ${formatLongDate(LEGISLATIVE_STATUS.royalAssent)} (source: ${source.name}, as of ${formatLongDate(source.asOf)})`,
    );
    expect(html).toContain(`href="${source.url}"`);
  });

  it("no longer calls the rebate a proposal, or says it still needs Parliament", () => {
    expect(text).not.toMatch(/\bpropos(?:al|ed)\b/i);
    expect(text).not.toMatch(/once Parliament passes it/i);
    expect(postBySlug("new-gst-rebate-for-home-buyers")?.description).not.toMatch(/\bpropos(?:al|ed)\b/i);
  });

  it("shows the article as updated when the status was checked", () => {
    expect(postBySlug("new-gst-rebate-for-home-buyers")?.dateModified).toBe(LEGISLATIVE_STATUS.source.asOf);
  });
});
