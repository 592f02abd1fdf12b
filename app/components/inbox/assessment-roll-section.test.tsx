import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AssessmentRollSection } from "./assessment-roll-section";

const live = {
  liveYear: 2026,
  liveRows: 441_203,
  liveImportedAt: new Date("2026-11-23T09:00:00Z"),
  building: null,
  lastAttemptAt: null,
  lastSuccessAt: null,
  lastError: null,
  failingSince: null,
};

describe("the Account page's assessment roll", () => {
  it("shows the roll's year, row count and last load", () => {
    const html = renderToString(<AssessmentRollSection roll={live} />);
    expect(html).toContain("The City of Edmonton&#x27;s 2026 roll: 441,203 accounts. Last loaded ");
    expect(html).toContain('dateTime="2026-11-23T09:00:00.000Z"');
    expect(html).not.toContain("failing");
  });

  it("says what is failing, since when, and that the last good roll stays", () => {
    const html = renderToString(
      <AssessmentRollSection
        roll={{
          ...live,
          building: { generation: 3, stage: "info", offset: 20_000, startedAt: null },
          lastError: "HTTP 503.",
          failingSince: new Date("2026-11-27T09:00:00Z"),
        }}
      />,
    );
    expect(html).toContain("Loading the property information now (20,000 rows in).");
    expect(html).toContain("Loading the roll has been failing since ");
    expect(html).toContain(": HTTP 503. The last good roll stays on the site.");
    expect(renderToString(<AssessmentRollSection roll={{ ...live, liveYear: null, liveImportedAt: null, liveRows: null }} />)).toContain(
      "has not been loaded yet",
    );
  });
});
