import { describe, expect, it } from "vitest";
import { site } from "~/content/site";
import { formEmbedSrc } from "./form-embed";

describe("formEmbedSrc", () => {
  const form = site.embeds.valuation.src;

  it("keeps the production form URL when the form origin is the production one", () => {
    expect(formEmbedSrc(form, site.embeds.origin)).toBe(form);
  });

  it("serves the same form path from another configured origin", () => {
    const moved = formEmbedSrc(form, "http://127.0.0.1:3199/");
    expect(moved).toBe(`http://127.0.0.1:3199${new URL(form).pathname}`);
  });

  it("leaves URLs on other hosts alone", () => {
    expect(formEmbedSrc("https://elsewhere.example/form", "http://127.0.0.1:3199")).toBe("https://elsewhere.example/form");
    // A host that merely starts with the same text is not the form host.
    expect(formEmbedSrc(`${site.embeds.origin}.evil.example/x`, "http://127.0.0.1:3199")).toBe(`${site.embeds.origin}.evil.example/x`);
  });
});
