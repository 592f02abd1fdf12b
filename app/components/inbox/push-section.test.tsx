/** The Account page's notifications section as the server renders it: plain forms that work without script. */
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { type PushSettings, PushSection } from "./push-section";

function render(push: PushSettings, notice?: React.ReactNode): string {
  const Stub = createRoutesStub([{ path: "/inbox/account", Component: () => <PushSection push={push} notice={notice} /> }]);
  // React's markers between adjacent text nodes are left out to read the text as a person does.
  return renderToString(<Stub initialEntries={["/inbox/account"]} />).replace(/<!-- -->/g, "");
}

const devices = [
  { id: 7, browser: "Chrome on Android", createdAt: new Date("2026-11-20T16:00:00Z"), lastPushAt: new Date("2026-11-22T04:51:00Z") },
  { id: 9, browser: "Safari on iPhone", createdAt: new Date("2026-11-21T16:00:00Z"), lastPushAt: null },
];

describe("PushSection", () => {
  it("lists each device with when it was added and last notified, and its test and remove forms", () => {
    const html = render({ publicKey: "BKey", hideDetails: false, devices });
    expect(html).toMatch(
      /Chrome on Android, added <time dateTime="2026-11-20T16:00:00.000Z">Nov 20, 2026, 9:00 a.m.<\/time>, last notified <time dateTime="2026-11-22T04:51:00.000Z">/,
    );
    expect(html).toMatch(/Safari on iPhone, added <time[^>]*>[^<]*<\/time>, never notified yet/);
    for (const id of [7, 9]) {
      for (const intent of ["push-test", "push-remove"]) {
        expect(html).toMatch(
          new RegExp(
            `<form[^>]* action="/inbox/account" method="post"><input type="hidden" name="intent" value="${intent}"/><input type="hidden" name="id" value="${id}"/>`,
          ),
        );
      }
    }
    expect(html).toContain('<span class="sr-only"> device 2, Safari on iPhone</span>');
  });

  it("says when there is no device, and shows the page's notice for the section", () => {
    const html = render({ publicKey: "BKey", hideDetails: false, devices: [] }, <p role="alert">That device was already removed.</p>);
    expect(html).toContain("None yet.");
    expect(html).not.toContain("push-devices");
    expect(html).toContain("That device was already removed.");
  });

  it("has the lock-screen setting as a form of its own, checked as saved", () => {
    const off = render({ publicKey: "BKey", hideDetails: false, devices: [] });
    expect(off).toContain('<input type="hidden" name="intent" value="push-details"/>');
    expect(off).toMatch(/<input type="checkbox"[^>]* name="hide"\/>/);
    expect(off).toContain("Hide lead details on the lock screen (show “New lead” only)");
    const on = render({ publicKey: "BKey", hideDetails: true, devices: [] });
    expect(on).toMatch(/<input type="checkbox"[^>]* name="hide" checked=""\/>/);
  });

  it("leaves the turn-on button to the browser: the server cannot know whether it supports pushes", () => {
    expect(render({ publicKey: "BKey", hideDetails: false, devices })).not.toContain("Turn on notifications");
  });
});
