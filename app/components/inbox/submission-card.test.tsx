/** A submission on the inbox's timeline with the buyer's figures (issue 28). */
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { Submission } from "~/lib/inbox";
import { SubmissionCard } from "./submission-card";

const listing = { key: "1", address: "1 Main St NW, Edmonton", mlsNumber: "E1", path: "/listings/1-main-st" };
const figures = { down: 25_000, rate: 5.4, amortizationYears: 25, monthlyTotal: 3050, includesTax: false, includesCondoFee: true };

const render = (fields: Record<string, unknown>, acknowledgement: Submission["acknowledgement"] = null) => {
  const s: Submission = {
    id: 1,
    kind: "contact",
    source: "contact_form",
    fields,
    createdAt: new Date("2026-11-23T04:51:00Z"),
    notification: { status: "sent", attempts: 1, lastError: null, sentAt: null },
    acknowledgement,
    consent: null,
  };
  return renderToString(
    <MemoryRouter>
      <SubmissionCard submission={s} />
    </MemoryRouter>,
  ).replace(/<!-- -->/g, "");
};

describe("SubmissionCard", () => {
  it("shows the buyer's figures of a listing inquiry in words", () => {
    const html = render({ name: "Ann", email: "ann@example.com", message: "Hi", listing, figures });
    expect(html).toContain(
      'data-testid="inquiry-figures"><span class="font-bold">Their figures:</span> $25,000 down at 5.4 %, 25 years: about $3,050 a month with condo fee</p>',
    );
  });
  it("shows nothing of figures that are absent, junk or not about a home", () => {
    for (const fields of [
      { listing },
      { listing, figures: { ...figures, rate: "<b>5</b>" } },
      { listing, figures: "<script>" },
      { figures },
    ]) {
      const html = render({ name: "Ann", email: "ann@example.com", ...fields });
      expect(html).not.toContain("inquiry-figures");
      expect(html).not.toContain("<b>5");
    }
  });
  it("says when the visitor's acknowledgement was withheld, and why", () => {
    const html = render(
      { name: "Ann", email: "ann@example.com" },
      { status: "withheld", lastError: "not sent: 3 acknowledgement mails already went to this address in 24 hours" },
    );
    expect(html).toContain(
      'data-testid="acknowledgement">Acknowledgement to them withheld: not sent: 3 acknowledgement mails already went to this address in 24 hours</p>',
    );
    expect(render({ name: "Ann" }, { status: "sent", lastError: null })).toContain("Acknowledgement to them sent</p>");
    expect(render({ name: "Ann" })).not.toContain('data-testid="acknowledgement"');
  });
});
