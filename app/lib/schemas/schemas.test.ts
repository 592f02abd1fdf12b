import { describe, expect, it } from "vitest";
import { parseContactForm } from "./contact";
import { isPlausiblePhone } from "./fields";
import { parseLeadForm } from "./lead";

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};

describe("contact form schema", () => {
  it("trims and accepts the minimum: name and e-mail", () => {
    const parsed = parseContactForm(form({ name: "  Jane ", email: " jane@example.com " }));
    expect(parsed).toMatchObject({ ok: true, data: { name: "Jane", email: "jane@example.com", phone: "", message: "" } });
  });
  it("answers missing and malformed fields with a message per field", () => {
    const parsed = parseContactForm(form({ name: "   ", email: "not-an-email", phone: "call me" }));
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.fieldErrors).toEqual({
      name: "Please enter your full name.",
      email: "Please enter a valid email address.",
      phone: "Please enter a valid phone number.",
    });
    expect(parsed.values.email).toBe("not-an-email");
  });
  it("caps lengths", () => {
    const parsed = parseContactForm(form({ name: "x".repeat(121), email: "a@b.ca", message: "m".repeat(5001) }));
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(Object.keys(parsed.fieldErrors).sort()).toEqual(["message", "name"]);
  });
  it("counts characters, not UTF-16 units, as PostgreSQL does (found by the bad-input suite)", () => {
    const emoji = "\u{1F600}".repeat(5000); // 5,000 characters, 10,000 in String.length
    expect(parseContactForm(form({ name: "Jane", email: "jane@example.com", message: emoji })).ok).toBe(true);
    const over = "\u{1F600}".repeat(5001);
    expect(parseContactForm(form({ name: "Jane", email: "jane@example.com", message: over }))).toMatchObject({
      ok: false,
      fieldErrors: { message: "Please keep this under 5000 characters." },
    });
  });
});

describe("lead form schema", () => {
  it("requires name, e-mail, phone and a known service type", () => {
    expect(parseLeadForm(form({ fullName: "Sam", email: "sam@example.com", phone: "780-555-0111", serviceType: "selling" })).ok).toBe(true);
    const parsed = parseLeadForm(form({ fullName: "Sam", email: "sam@example.com", phone: "", serviceType: "renting" }));
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(Object.keys(parsed.fieldErrors).sort()).toEqual(["phone", "serviceType"]);
  });
});

describe("isPlausiblePhone", () => {
  it.each(["780-555-0142", "(780) 555-0142", "+1 780 555 0142", "7805550142", "780.555.0142 ext. 12"])("accepts %s", (p) =>
    expect(isPlausiblePhone(p)).toBe(true),
  );
  it.each(["12345", "call me", "780-555-0142; drop table", "+1 780 555 0142 1234 5678 99"])("refuses %s", (p) =>
    expect(isPlausiblePhone(p)).toBe(false),
  );
});
