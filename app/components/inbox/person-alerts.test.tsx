/** A person's alerts, consent ledger and privacy forms as their page renders them: a visitor's markup as text, the erasure's required box. */
import { renderToString } from "react-dom/server";
import { MemoryRouter, createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { PersonAlerts } from "~/lib/inbox";
import { ConsentLedger } from "./consent-ledger";
import { PersonAlertsSections } from "./person-alerts";
import { PrivacyActions } from "./privacy-actions";
import { WarmingBadge } from "./warming-badge";

const at = new Date("2026-11-23T04:51:00Z");
const MARKUP = `<img src=x onerror="alert(1)">`;
const alerts: PersonAlerts = {
  subscriptions: [
    {
      id: 1,
      kind: "watch",
      label: `12 Elm Ave ${MARKUP}`,
      frequency: "weekly",
      status: "active",
      createdAt: at,
      confirmedAt: at,
      endedAt: null,
    },
    {
      id: 3,
      kind: "home",
      label: `10310 102 Street NW, Edmonton ${MARKUP}`,
      frequency: "monthly",
      status: "active",
      createdAt: at,
      confirmedAt: at,
      endedAt: null,
    },
  ],
  alertsSent: [
    { id: 2, kind: "alert", createdAt: at, homes: 3, status: "withheld", sentAt: null },
    { id: 4, kind: "home-report", createdAt: at, homes: 1, status: "sent", sentAt: at },
  ],
  homesOpened: [
    { listingKey: "GONE9", report: false, address: null, path: null, firstAt: at, lastAt: at, times: 2 },
    {
      listingKey: "home:1066158",
      report: true,
      address: "10310 102 Street NW, Edmonton",
      path: "/home-value/1066158",
      firstAt: at,
      lastAt: at,
      times: 1,
    },
  ],
  consent: [
    {
      kind: "express",
      basis: "Watch this home",
      text: `I agree ${MARKUP}`,
      version: "alerts-1",
      givenAt: at,
      address: "203.0.113.9",
      userAgent: MARKUP,
      expiresAt: null,
      createdAt: at,
    },
  ],
  warmingReasons: [],
};

const html = (node: React.ReactNode) => renderToString(<MemoryRouter>{node}</MemoryRouter>).replace(/<!-- -->/g, "");

describe("a person's alerts on their page", () => {
  it("shows searches, alerts, opens and the ledger, with everything typed as text", () => {
    const out = html(
      <>
        <PersonAlertsSections alerts={alerts} />
        <ConsentLedger entries={alerts.consent} now={at} />
      </>,
    );
    expect(out).toContain("Weekly");
    expect(out).toContain("3 homes");
    expect(out).toContain("Withheld (no valid consent when due)");
    expect(out).toContain("Listing GONE9 (no longer on the site)");
    expect(out).toContain("on 2 days");
    // The monthly home report (issue 43): who receives it, the reports sent, the return from one.
    expect(out).toContain("Home report: </span>10310 102 Street NW");
    expect(out).toContain("Monthly");
    expect(out).toContain("Home report, 1 home");
    expect(out).toContain('href="/home-value/1066158"');
    expect(out).toContain("from the home report, on one day");
    expect(out).toContain("Express consent");
    expect(out).not.toContain("<img");
    expect(out).toContain("&lt;img src=x");
  });

  it("renders nothing for a person without alerts", () => {
    expect(
      html(<PersonAlertsSections alerts={{ subscriptions: [], alertsSent: [], homesOpened: [], consent: [], warmingReasons: [] }} />),
    ).toBe("");
  });

  it("offers the exports and an erasure form that needs its box ticked, without script", () => {
    const Stub = createRoutesStub([{ path: "/", Component: () => <PrivacyActions personId={7} busy={false} /> }]);
    const out = renderToString(<Stub />);
    expect(out).toContain('href="/inbox/people/7/export.txt"');
    expect(out).toContain('href="/inbox/people/7/export.json"');
    expect(out).toMatch(/<form [^>]*method="post"/);
    expect(out).toMatch(/<input type="checkbox" required="" [^>]*name="confirm" value="yes"/);
    expect(out).toContain('name="intent" value="erase"');
    expect(out).toContain("I understand this cannot be undone");
  });

  it("names the warming badge in words", () => {
    expect(html(<WarmingBadge />)).toContain("Warming up");
  });
});
