import { describe, expect, it } from "vitest";
import { DuplicateLookupError } from "./contacts.server";
import { classifyFailure } from "./submit.server";
import { escapeHtml } from "../mail/mail-text.server";
import { buildNotificationEmail } from "./forms.server";

describe("classifyFailure", () => {
  it("maps SQLSTATE 42501 and row-level security refusals to the permissions message, wrapped or not", () => {
    expect(classifyFailure(Object.assign(new Error("permission denied for table contacts"), { code: "42501" }))).toBe("permissions");
    expect(classifyFailure(new Error("Failed query", { cause: Object.assign(new Error("denied"), { code: "42501" }) }))).toBe(
      "permissions",
    );
    expect(classifyFailure(new Error('new row violates row-level security policy for table "contacts"'))).toBe("permissions");
  });
  it("maps a contact that cannot be read back to the duplicate-lookup message", () => {
    expect(classifyFailure(new DuplicateLookupError())).toBe("duplicateLookup");
  });
  it("maps anything else to the general failure", () => {
    expect(classifyFailure(Object.assign(new Error("connection refused"), { code: "ECONNREFUSED" }))).toBe("failure");
    expect(classifyFailure(Object.assign(new Error("duplicate"), { code: "23505" }))).toBe("failure");
    expect(classifyFailure("weird")).toBe("failure");
  });
});

describe("buildNotificationEmail", () => {
  const base = {
    id: 7,
    source: "contact_form",
    message_id: "<contact-x@averyhomes.example>",
    attempts: 1,
    created_at: new Date("2026-03-01T17:00:00Z"),
    recipient: null,
  };
  it("escapes what the visitor typed in the HTML and keeps headers on one line", () => {
    const mail = buildNotificationEmail({
      ...base,
      kind: "contact",
      payload: {
        name: "Eve\r\nBcc: victim@example.com",
        email: "eve@example.com",
        phone: null,
        message: `<img src=x onerror="alert(1)">`,
        contactId: 3,
        submittedAt: "2026-03-01T17:00:00.000Z",
      },
    });
    expect(mail.subject).toBe("New contact message from Eve Bcc: victim@example.com");
    expect(mail.replyTo).toEqual({ name: "Eve Bcc: victim@example.com", address: "eve@example.com" });
    expect(mail.html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(mail.html).not.toContain("<img");
    expect(mail.text).toContain(`<img src=x onerror="alert(1)">`);
    expect(mail.text).toContain("Phone:      (not given)");
    expect(mail.text).toContain("Source:     contact_form");
    expect(mail.text).toContain("March 1, 2026 at 10:00 a.m. (Edmonton time)");
    expect(mail.messageId).toBe(base.message_id);
  });
  it("names the service and the source of a lead", () => {
    const mail = buildNotificationEmail({
      ...base,
      kind: "lead",
      source: "Welcome Page Form",
      payload: {
        fullName: "Sam",
        email: "sam@example.com",
        phone: "780-555-0111",
        serviceType: "buying_and_selling",
        comments: null,
        leadId: 9,
      },
    });
    expect(mail.subject).toBe("New lead: Sam (I'm Buying and Selling)");
    expect(mail.text).toMatch(/Source:\s+Welcome Page Form/);
    expect(mail.text).toContain("Comments:\n(none)");
  });
  it("escapes the five HTML metacharacters", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
  });
});
