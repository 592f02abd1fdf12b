import { describe, expect, it } from "vitest";
import { parseContactForm } from "./contact";
import { parseLeadForm } from "./lead";

function form(fields: Record<string, string>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
}

describe("control characters in submitted text", () => {
  it("are removed before validation (PostgreSQL refuses NUL in text), tabs and line breaks kept", () => {
    const parsed = parseContactForm(
      form({ name: "Al\u0000ex\u0007", email: "a@example.com", phone: "", message: "Line 1\r\n\tLine 2\u0000\u001f\u007f" }),
    );
    expect(parsed.ok).toBe(true);
    if (parsed.ok) {
      expect(parsed.data.name).toBe("Alex");
      expect(parsed.data.message).toBe("Line 1\r\n\tLine 2");
    }
  });

  it("a field of nothing but control characters is empty", () => {
    const parsed = parseLeadForm(
      form({ fullName: "\u0000\u0001", email: "a@example.com", phone: "780-555-0101", serviceType: "buying", comments: "" }),
    );
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.fieldErrors.fullName).toBe("Please enter your full name.");
  });
});
