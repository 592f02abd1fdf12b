/**
 * The sign-up form as the server renders it: a plain POST to /alerts inside a <details>, the
 * consent box unticked with the version's exact text as its label, daily by default, and, shown
 * again by /alerts, the visitor's values with each message beside its field.
 */
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { AlertSignUp } from "~/components/alerts/alert-sign-up";
import type { AlertSignUpForm } from "~/lib/alert-values";
import { ALERT_CONSENT_VERSION, alertConsentText } from "~/lib/alert-consent";

const form: AlertSignUpForm = {
  kind: "watch",
  title: "Watch this home",
  about: "Get an e-mail when its price changes.",
  consent: alertConsentText("watch")!,
  hidden: [
    ["kind", "watch"],
    ["consentVersion", ALERT_CONSENT_VERSION],
    ["form", "Watch this home"],
    ["listingKey", "28123456"],
  ],
};

function render(props: Partial<Parameters<typeof AlertSignUp>[0]> = {}) {
  const Stub = createRoutesStub([{ path: "/", Component: () => <AlertSignUp form={form} {...props} /> }]);
  return renderToString(<Stub initialEntries={["/"]} />);
}

describe("the alert sign-up form", () => {
  it("posts to /alerts without script, closed, with the consent box unticked and its exact text", () => {
    const html = render();
    expect(html).toMatch(/<form [^>]*action="\/alerts" method="post">/);
    expect(html).toMatch(/<details><summary[^>]*>Watch this home<\/summary>/);
    expect(html).toMatch(/<input type="checkbox" class="[^"]*" name="consent" value="yes"\/><span>[^<]*withdraw my consent at any time/);
    expect(html).not.toMatch(/name="consent"[^>]*checked/);
    expect(html).toContain(alertConsentText("watch")!.replace(/'/g, "&#x27;"));
    expect(html).toMatch(/name="frequency" checked="" value="daily"/);
    expect(html).toContain('<input type="hidden" name="listingKey" value="28123456"/>');
    expect(html).toContain('name="website"');
  });

  it("shown again: open, the values kept, each message beside its field", () => {
    const html = render({
      open: true,
      values: { email: "robin@example.com", name: "<b>Robin</b>", frequency: "weekly" },
      errors: { consent: "Please tick the box." },
    });
    expect(html).toContain('<details open="">');
    expect(html).toContain('value="robin@example.com"');
    expect(html).toContain('value="&lt;b&gt;Robin&lt;/b&gt;"');
    expect(html).toMatch(/name="frequency" checked="" value="weekly"/);
    expect(html).toMatch(/aria-invalid="true" aria-describedby="alert-watch-consent-error"/);
    expect(html).toContain('id="alert-watch-consent-error" class="mt-1 text-sm text-danger">Please tick the box.</p>');
  });
});
