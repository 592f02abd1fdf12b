import { describe, expect, it } from "vitest";
import { notificationOf } from "../push/messages.server";

const facts = {
  kind: "showing" as const,
  lead: { name: "Robin Buyer", form: "Book a showing", home: "10123 Jasper Avenue NW, Edmonton" },
  when: "Tuesday, December 1 at 10:00 a.m.",
  showingId: 7,
};

describe("a showing request's push", () => {
  it("names the buyer, the time and the home, and opens the showing with its Confirm button", () => {
    expect(notificationOf(facts, 3, 11, false)).toEqual({
      title: "Showing request: Robin Buyer",
      body: "Tuesday, December 1 at 10:00 a.m.\n10123 Jasper Avenue NW, Edmonton\nTap to confirm.",
      url: "/inbox/showings/7",
      tag: "showing-7",
    });
  });

  it("says nothing of the buyer on a lock screen set to hide the details, and opens the list for a stored id that is not one", () => {
    const hidden = notificationOf(facts, 3, 11, true);
    expect(JSON.stringify(hidden)).not.toContain("Robin");
    expect(notificationOf({ ...facts, showingId: -1 }, 3, 11, false).url).toBe("/inbox/showings");
  });
});
