/** "Ask about this home" as the server renders it: the buyer's figures in hidden fields and in words, or nothing of them. */
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { type BuyerFigures, sentFiguresOf } from "~/lib/buyer-figures";
import { AskAboutHomeForm } from "./ask-about-home-form";

const FIGURES: BuyerFigures = {
  down: 25_000,
  rate: 5.4,
  amortizationYears: 25,
  monthlyTotal: 3050,
  includesTax: true,
  includesCondoFee: true,
};

function render(figures?: BuyerFigures): string {
  const Form = () => (
    <AskAboutHomeForm action="/listings/1-home" address="1 Main St NW" documentResult={null} figures={figures && sentFiguresOf(figures)} />
  );
  const Stub = createRoutesStub([{ path: "/listings/:slug", Component: Form }]);
  return renderToString(<Stub initialEntries={["/listings/1-home"]} />).replace(/<!-- -->/g, "");
}

describe("AskAboutHomeForm", () => {
  it("sends the buyer's figures in hidden fields, so without JavaScript too, and says so above the button", () => {
    const html = render(FIGURES);
    for (const [name, value] of [
      ["figures.down", "25000"],
      ["figures.rate", "5.4"],
      ["figures.years", "25"],
      ["figures.total", "3050"],
      ["figures.tax", "1"],
      ["figures.fee", "1"],
    ]) {
      expect(html).toContain(`<input type="hidden" name="${name}" value="${value}"/>`);
    }
    expect(html).toMatch(
      /Your figures will be sent with your message: \$25,000 down at 5\.4 %, 25 years: about \$3,050 a month with tax and condo fee<\/p><button [^>]*type="submit">Ask about this home</,
    );
  });
  it("has no figures without them", () => {
    const html = render();
    expect(html).not.toContain("figures.");
    expect(html).not.toContain("Your figures");
    expect(html).toContain("Ask about this home");
  });
});
