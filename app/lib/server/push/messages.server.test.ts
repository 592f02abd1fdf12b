import { describe, expect, it } from "vitest";
import { notificationOf } from "./messages.server";

describe("the push texts", () => {
  it("tells of a person warming up, opening their page in the inbox; only that a lead is warming up when details are hidden", () => {
    const facts = { kind: "warming" as const, name: "Robin Buyer", reason: "Opened 123 Main St NW twice from an alert" };
    expect(notificationOf(facts, 7, 90, false)).toEqual({
      title: "Warming up: Robin Buyer",
      body: "Opened 123 Main St NW twice from an alert",
      url: "/inbox/people/7",
      tag: "person-7",
    });
    expect(notificationOf(facts, 7, 90, true)).toEqual({
      title: "A lead is warming up",
      body: "Open the inbox to see who.",
      url: "/inbox/people/7",
      tag: "person-7",
    });
  });

  it("writes a warming push whose stored facts are odd on one line, never 'undefined'", () => {
    const odd = { kind: "warming", name: "  Robin\n Buyer ", reason: null } as unknown as Parameters<typeof notificationOf>[0];
    expect(notificationOf(odd, null, 90, false)).toEqual({ title: "Warming up: Robin Buyer", body: "", url: "/inbox", tag: "push-90" });
    expect(notificationOf({ kind: "warming", name: "", reason: "Watches a home" }, 3, 1, false).title).toBe("Warming up: a lead");
  });
});
