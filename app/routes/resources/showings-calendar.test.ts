/**
 * The agent's calendar subscription (issue 44): the right token answers text/calendar with every
 * showing; a wrong, revoked or replaced one answers 404. And the Account page's calendar address:
 * one inside the network is refused with a clear message (400) and nothing is saved.
 */
import { describe, expect, it } from "vitest";
import { answerShowingForm } from "~/lib/server/showings/account-forms.server";
import { bookShowing } from "~/lib/server/showings/book.server";
import { readShowingSettings, renewFeedToken, revokeFeedToken } from "~/lib/server/showings/settings.server";
import { listingContext } from "../../../tests/support/listing-routes";
import { testDatabaseForThisFile } from "../../../tests/support/test-database";
import { loader } from "./showings-calendar";

const t = testDatabaseForThisFile();

async function get(file: string): Promise<Response> {
  const args = { request: new Request(`http://localhost/calendar/showings/${file}`), params: { file }, context: listingContext(t.db) };
  return (await loader(args as never)) as Response;
}

describe("the calendar subscription", () => {
  it("answers text/calendar with the showings for its token only, and stops when replaced or revoked", async () => {
    const listing = { key: "L1", address: "123 Main St, Edmonton", mlsNumber: null, path: "/listings/L1-x" };
    const slot = "2026-12-01T17:00:00.000Z";
    await bookShowing(
      t.db,
      { name: "Ann", email: "ann@example.com", phone: "780-555-0101", note: "", slot },
      listing,
      30,
      new Date("2026-11-29T12:00:00Z"),
    );
    expect((await get("nothing-set-yet-123456.ics")).status).toBe(404);
    const token = await renewFeedToken(t.db);
    const answer = await get(`${token}.ics`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const body = await answer.text();
    expect(body).toContain("LOCATION:123 Main St\\, Edmonton");
    expect(body).toContain("DTSTART;TZID=America/Edmonton:20261201T100000");
    expect((await get(`${token.slice(0, -1)}x.ics`)).status).toBe(404);
    expect((await get(token)).status).toBe(404);
    const next = await renewFeedToken(t.db);
    expect((await get(`${token}.ics`)).status).toBe(404);
    expect((await get(`${next}.ics`)).status).toBe(200);
    await revokeFeedToken(t.db);
    expect((await get(`${next}.ics`)).status).toBe(404);
  });

  it("refuses a calendar address inside the network with a clear message, saving nothing", async () => {
    for (const calendarUrl of ["https://192.168.1.10/cal.ics", "webcal://127.0.0.1/cal.ics", "http://calendar.example/cal.ics"]) {
      const answer = await answerShowingForm({ intent: "showing-calendar", calendarUrl }, t.db);
      expect(answer.status, calendarUrl).toBe(400);
      expect("error" in answer && answer.error).toMatch(/private network|https/);
    }
    expect((await readShowingSettings(t.db)).calendarUrl).toBeNull();
  });
});
