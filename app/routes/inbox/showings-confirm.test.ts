/**
 * The push's one-tap Confirm (issue 44) as the inbox receives it: the service worker's fetch is a
 * same-origin POST of the showing page's own form, with the session cookie, the site's Origin and
 * Sec-Fetch-Site: same-origin. The guard and the action accept it unchanged (200, confirmed once);
 * signed out it is 401, from another site 403, and nothing changes.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bookShowing } from "~/lib/server/showings/book.server";
import { type Handler, SITE, inboxWithALeadForThisFile, outcome, request, t, validToken } from "../../../tests/support/inbox-security";
import * as showings from "./showings";

inboxWithALeadForThisFile();

const listing = { key: "L1", address: "123 Main St, Edmonton", mlsNumber: "E1", path: "/listings/L1-123-main-st" };

/** What the worker's `fetch(url, { method: "POST", credentials: "same-origin", body: URLSearchParams })` sends. */
function workerPost(id: number, cookie: string | null, origin = SITE) {
  return request(`/inbox/showings/${id}`, cookie, {
    method: "POST",
    headers: { Origin: origin, "Sec-Fetch-Site": origin === SITE ? "same-origin" : "cross-site", "Sec-Fetch-Mode": "cors" },
    body: new URLSearchParams({ intent: "confirm", showingId: String(id) }),
  });
}

const statusOf = async (id: number) => (await t.db.rows<{ status: string }>(sql`select status from showings where id = ${id}`))[0]!.status;

describe("the push's one-tap Confirm", () => {
  it("confirms from the worker's same-origin POST, once; refuses it signed out (401) and from another site (403)", async () => {
    const booked = await bookShowing(
      t.db,
      { name: "Ann", email: "ann@example.com", phone: "780-555-0100", note: "", slot: "2099-03-03T17:00:00.000Z" },
      listing,
      30,
      new Date("2099-03-01T12:00:00Z"),
    );
    if (!booked.ok) throw new Error("not booked");
    const id = booked.showingId;
    const params = { showingId: String(id) };

    expect((await outcome(showings.action as Handler, workerPost(id, null), params)).status).toBe(401);
    expect((await outcome(showings.action as Handler, workerPost(id, validToken, "https://evil.example"), params)).status).toBe(403);
    expect(await statusOf(id)).toBe("requested");

    const ok = await outcome(showings.action as Handler, workerPost(id, validToken), params);
    expect(ok.status).toBe(200);
    expect(await statusOf(id)).toBe("confirmed");
    // A second tap (another device) is not a confirmation: the worker opens the page instead.
    expect((await outcome(showings.action as Handler, workerPost(id, validToken), params)).status).toBe(409);
  });
});

describe("the showings' day view", () => {
  it("shows the day asked for, and today for any ?day= that is not a real date in a sensible span (200, never 500)", async () => {
    const dayOf = async (query: string) => {
      const out = await outcome(showings.loader as Handler, request(`/inbox/showings${query}`, validToken));
      expect(out.status, query).toBe(200);
      return (JSON.parse(out.body) as { day: string }).day;
    };
    const today = await dayOf("");
    expect(await dayOf("?day=2099-03-03")).toBe("2099-03-03");
    for (const bad of [
      "?day=9999-99-99",
      "?day=9999-12-31",
      "?day=2026-13-01",
      "?day=2026-02-31",
      "?day=0000-01-01",
      "?day=%00",
      "?day=tomorrow",
    ])
      expect(await dayOf(bad), bad).toBe(today);
  });
});
