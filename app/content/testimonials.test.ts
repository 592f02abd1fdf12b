import { describe, expect, it } from "vitest";
import { testimonials } from "./testimonials";

describe("testimonials", () => {
  it("holds the fourteen five-star testimonials of the spec, each with a unique id and name", () => {
    expect(testimonials).toHaveLength(14);
    expect(new Set(testimonials.map((t) => t.id)).size).toBe(14);
    expect(new Set(testimonials.map((t) => t.name)).size).toBe(14);
    for (const t of testimonials) {
      expect(t.rating).toBe(5);
      expect(["Home Buyer", "First-time Home Buyer", "Real Estate Professional"]).toContain(t.role);
      expect(t.text.length).toBeGreaterThan(60);
    }
  });

  it("uses all three roles", () => {
    expect(new Set(testimonials.map((t) => t.role)).size).toBe(3);
  });

  it("carries no contact details (those live in site.ts only)", () => {
    for (const t of testimonials) expect(t.text).not.toMatch(/@|\d{3}-\d{3}-\d{4}/);
  });
});
