import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ContactFields } from "./contact-fields";

/** The form controls in document order, as "tag#id[name]". */
function controls(html: string): string[] {
  return [...html.matchAll(/<(input|textarea)[^>]*\bid="([^"]+)"[^>]*\bname="([^"]+)"/g)].map((m) => `${m[1]}#${m[2]}[${m[3]}]`);
}

describe("ContactFields", () => {
  it("renders the contact form's fields of spec §5, in order, under the form's id prefix", () => {
    const html = renderToString(<ContactFields idPrefix="contact" fieldErrors={{}} values={null} />);
    expect(controls(html)).toEqual([
      "input#contact-name[name]",
      "input#contact-email[email]",
      "input#contact-phone[phone]",
      "textarea#contact-message[message]",
    ]);
    for (const label of ["Full Name", "Email Address", "Phone Number", "Message"]) expect(html).toContain(`>${label}<`);
    expect(html).toMatch(/<input[^>]*id="contact-email"[^>]*type="email"[^>]*required=""[^>]*autoComplete="email"/);
    expect(html).toMatch(/<input[^>]*id="contact-phone"[^>]*type="tel"[^>]*autoComplete="tel"/);
    expect(html).toMatch(/<textarea[^>]*id="contact-message"[^>]*rows="5"[^>]*><\/textarea>/);
    expect(html).not.toContain("aria-invalid");
  });

  it("wires each error to its field and puts back what was typed", () => {
    const html = renderToString(
      <ContactFields
        idPrefix="ask"
        fieldErrors={{ email: "Please enter a valid email address." }}
        values={{ name: "Ann", email: "ann@", phone: "", message: "" }}
        defaultMessage="A question"
        messageRows={4}
      />,
    );
    expect(html).toMatch(/<input[^>]*id="ask-email"[^>]*aria-invalid="true"[^>]*aria-describedby="ask-email-error"[^>]*value="ann@"/);
    expect(html).toContain('<p id="ask-email-error" class="mt-1 text-sm text-danger">Please enter a valid email address.</p>');
    expect(html).toMatch(/<input[^>]*id="ask-name"[^>]*value="Ann"/);
    // The visitor emptied the message: it stays empty rather than getting the suggestion back.
    expect(html).toMatch(/<textarea[^>]*id="ask-message"[^>]*rows="4"[^>]*><\/textarea>/);
  });

  it("suggests the default message before anything was typed", () => {
    const html = renderToString(
      <ContactFields idPrefix="ask" fieldErrors={{}} values={null} defaultMessage="I'd like more information." />,
    );
    expect(html).toMatch(/<textarea[^>]*id="ask-message"[^>]*>I&#x27;d like more information\.<\/textarea>/);
  });
});
