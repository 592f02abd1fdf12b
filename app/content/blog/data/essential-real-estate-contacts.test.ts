import { describe, expect, it } from "vitest";
import { site } from "~/content/site";
import { directory, directoryStages, telHref } from "./essential-real-estate-contacts";

describe("essential contacts directory", () => {
  it("has the nineteen categories of the spec, in its order", () => {
    expect(directory.map((d) => d.category)).toEqual([
      "Condo document reviewer",
      "Land surveyor",
      "Mortgage brokers",
      "Lawyers",
      "Home inspectors",
      "Title insurance",
      "Stager",
      "Photographer",
      "RMS and photographer",
      "Home insurance",
      "Mover and organizer",
      "Painter",
      "Handyman",
      "Electrician",
      "Plumber",
      "Construction/renovation",
      "Locksmith",
      "Home security",
      "Cleaner",
    ]);
  });

  it("gives every category 2-3 contacts and a stage shown on the page", () => {
    const stageIds = directoryStages.map((s) => s.id);
    for (const entry of directory) {
      expect(entry.contacts.length, entry.category).toBeGreaterThanOrEqual(2);
      expect(entry.contacts.length, entry.category).toBeLessThanOrEqual(3);
      expect(stageIds).toContain(entry.stage);
    }
  });

  it("keeps every contact clearly fictional: sample companies, unique 780-555-01xx phones that are not the agent's or brokerage's", () => {
    const phones = directory.flatMap((d) => d.contacts.map((c) => c.phone)).filter((p) => p !== undefined);
    expect(new Set(phones).size).toBe(phones.length);
    for (const phone of phones) expect(phone).toMatch(/^780-555-01\d\d$/);
    expect(phones).not.toContain(site.agent.phone);
    expect(phones).not.toContain(site.brokerage.phone);
    for (const entry of directory) for (const c of entry.contacts) if (c.company) expect(c.company).toMatch(/\(sample\)$/);
  });

  it("builds E.164 tel: links", () => {
    expect(telHref("780-555-0101")).toBe("tel:+17805550101");
  });
});
