import { describe, expect, it } from "vitest";
import { PUBLIC_FORMS, formOfSubmission, submissionLabel } from "./forms";
import { CONTACT_SOURCE, LEAD_SOURCE, SHOWING_SOURCE } from "./schema-values";

describe("formOfSubmission", () => {
  it("finds every registered form from its kind and the object its payload carries", () => {
    for (const f of PUBLIC_FORMS) {
      const payload = "payloadObject" in f ? { name: "Ann", [f.payloadObject]: { address: "1 Main St" } } : { name: "Ann" };
      expect(formOfSubmission(f.kind, payload)).toBe(f.form);
    }
  });

  it("does not take a string or a null where the object belongs for the object's form", () => {
    expect(formOfSubmission("contact", { home: "10234 105 St NW" })).toBe("contact");
    expect(formOfSubmission("contact", { listing: null })).toBe("contact");
    expect(formOfSubmission("contact", { openHouse: ["x"] })).toBe("contact");
  });
});

describe("submissionLabel", () => {
  it("names a valuation and an RSVP by their form, and a plain submission by its source", () => {
    expect(submissionLabel(CONTACT_SOURCE, { home: { account: 1 } })).toBe("Home valuation");
    expect(submissionLabel(CONTACT_SOURCE, { openHouse: { when: "Sat" } })).toBe("Open house RSVP");
    expect(submissionLabel(CONTACT_SOURCE, { listing: { address: "1 Main St" } })).toBe("Listing inquiry");
    expect(submissionLabel(CONTACT_SOURCE, { message: "Hi" })).toBe("Contact form");
    expect(submissionLabel(LEAD_SOURCE, {})).toBe("Welcome form");
    expect(submissionLabel(SHOWING_SOURCE, {})).toBe("Showing request");
    expect(submissionLabel("imported_csv", {})).toBe("imported_csv");
  });
});
