/**
 * The forms' length limits, kept against spec §5's "no length limits" (decision 046): the contact
 * fields render them as maxlength, the server's schemas refuse one character more with a message,
 * and the record states each value.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ContactFields } from "~/components/forms/contact-fields";
import { contactSchema } from "./contact";
import { leadSchema } from "./lead";
import { LIMITS } from "./limits";
import * as z from "zod/mini";

const record = (() => {
  const dir = path.join(process.cwd(), "docs/decisions");
  const file = readdirSync(dir).find((f) => f.startsWith("046-"));
  return file ? readFileSync(path.join(dir, file), "utf8") : "";
})();

describe("the forms' length limits (decision 046)", () => {
  it("are rendered as maxlength on the contact fields", () => {
    const html = renderToString(<ContactFields idPrefix="contact" fieldErrors={{}} values={null} />);
    for (const [name, limit] of [
      ["name", LIMITS.name],
      ["email", LIMITS.email],
      ["phone", LIMITS.phone],
      ["message", LIMITS.message],
    ] as const) {
      expect(html, name).toMatch(
        new RegExp(
          `<(input|textarea)[^>]*name="${name}"[^>]*maxLength="${limit}"|<(input|textarea)[^>]*maxLength="${limit}"[^>]*name="${name}"`,
        ),
      );
    }
  });

  it("are the server's too: one character more is refused with a message", () => {
    const contact = { name: "A", email: "a@example.com", phone: "", message: "" };
    expect(z.safeParse(contactSchema, { ...contact, name: "x".repeat(LIMITS.name) }).success).toBe(true);
    expect(z.safeParse(contactSchema, { ...contact, name: "x".repeat(LIMITS.name + 1) }).success).toBe(false);
    expect(z.safeParse(contactSchema, { ...contact, message: "x".repeat(LIMITS.message + 1) }).success).toBe(false);
    const lead = { fullName: "A", email: "a@example.com", phone: "780 555 0100", serviceType: "buying", comments: "" };
    expect(z.safeParse(leadSchema, lead).success).toBe(true);
    expect(z.safeParse(leadSchema, { ...lead, comments: "x".repeat(LIMITS.message + 1) }).success).toBe(false);
  });

  it("are written down with their reasons, quoting the spec", () => {
    expect(record).toContain("No length limits or custom messages are shown");
    expect(record).toContain("Only browser-level required checks; no custom messages");
    for (const limit of Object.values(LIMITS)) expect(record).toContain(String(limit));
    expect(record).toMatch(/Bounded storage/);
  });
});
