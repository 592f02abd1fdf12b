/**
 * A person's privacy requests through the inbox's routes (set-up in tests/support/inbox-security.ts):
 * the export files (JSON and text: attachments, private, never markup, audited) and the erasure
 * (a form post that needs its confirmation box), refused signed out whatever the spelling of the
 * path, and refused from another site's page before it runs.
 */
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  type Handler,
  expectPrivate,
  form,
  inboxWithALeadForThisFile,
  outcome,
  personId,
  request,
  t,
  validToken,
} from "../../../tests/support/inbox-security";
import * as person from "./person";
import * as personExport from "./person-export";

inboxWithALeadForThisFile();

const exportPaths = [`/inbox/people/${personId}/export.json`, `/inbox/people/${personId}/export.txt`];
const spellings = [
  `/INBOX/people/${personId}/export.json`,
  `/%69nbox/People/${personId}/EXPORT.TXT`,
  `/inbox/people/${personId}/export.json/`,
];
const erase = () => form({ intent: "erase", confirm: "yes" });
const privacyNotes = async () =>
  (await t.db.rows<{ note: string }>(sql`select note from person_events where kind = 'privacy' order by id`)).map((r) => r.note);

describe("a person's privacy requests, signed out", () => {
  it.each([...exportPaths, ...spellings])("the export %s answers 401 and holds nothing of the lead", async (path) => {
    for (const cookie of [null, "A".repeat(43)]) {
      const out = await outcome(personExport.loader as Handler, request(path, cookie), { personId });
      expect(out.status).toBe(401);
      expect(out.body).not.toContain("Vanessa");
      expectPrivate(out);
    }
    expect(await privacyNotes()).toEqual([]);
  });

  it.each([`/inbox/people/${personId}`, `/INBOX/People/${personId}`, `/%69nbox/people/${personId}/`])(
    "the erasure at %s answers 401 and erases nothing",
    async (path) => {
      const out = await outcome(person.action as Handler, request(path, null, erase()), { personId });
      expect(out.status).toBe(401);
      const [p] = await t.db.rows<{ erased_at: Date | null }>(sql`select erased_at from people`);
      expect(p!.erased_at).toBeNull();
    },
  );
});

describe("an erasure from another site's page", () => {
  let warn: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  });
  afterEach(() => warn.mockRestore());

  it.each(["https://evil.example", "null", "http://agent.example"])(
    "is refused with 403 from %s, even signed in, before the action runs",
    async (origin) => {
      const req = request(`/inbox/people/${personId}`, validToken, erase());
      req.headers.set("Origin", origin);
      const out = await outcome(person.action as Handler, req, { personId });
      expect(out.status).toBe(403);
      expect(out.ran).toBe(false);
      const [p] = await t.db.rows<{ erased_at: Date | null }>(sql`select erased_at from people`);
      expect(p!.erased_at).toBeNull();
    },
  );
});

describe("a person's privacy requests, signed in", () => {
  it("exports JSON and text as private attachments, never markup, each audited", async () => {
    const json = await outcome(personExport.loader as Handler, request(exportPaths[0]!, validToken), { personId });
    expect(json.status).toBe(200);
    expect(json.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(json.headers.get("Content-Disposition")).toMatch(/^attachment; filename="person-1-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(json.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expectPrivate(json);
    expect(JSON.parse(json.body).person.name).toBe("Secret lead <b>Vanessa</b>");

    // Another spelling of the path React Router matches gives the same file.
    const text = await outcome(personExport.loader as Handler, request(spellings[1]!, validToken), { personId });
    expect(text.status).toBe(200);
    expect(text.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(text.headers.get("Content-Disposition")).toMatch(/^attachment; filename="person-1-.*\.txt"$/);
    expect(text.body).toContain("full_name: Secret lead <b>Vanessa</b>");
    expect(await privacyNotes()).toEqual(["Exported (JSON) by Jordan", "Exported (text) by Jordan"]);

    for (const [path, id] of [
      [`/inbox/people/999/export.json`, "999"],
      [`/inbox/people/abc/export.json`, "abc"],
      [`/inbox/people/1/export.html`, personId],
    ] as const) {
      expect((await outcome(personExport.loader as Handler, request(path, validToken), { personId: id })).status).toBe(404);
    }
  });

  it("erases only with the confirmation box ticked, then the page says so and offers no export", async () => {
    const path = `/inbox/people/${personId}`;
    const unticked = await outcome(person.action as Handler, request(path, validToken, form({ intent: "erase" })), { personId });
    expect(unticked.status).toBe(400);
    expect(unticked.body).toContain("I understand this cannot be undone");
    const [before] = await t.db.rows<{ erased_at: Date | null }>(sql`select erased_at from people`);
    expect(before!.erased_at).toBeNull();

    const done = await outcome(person.action as Handler, request(path, validToken, erase()), { personId });
    expect(done.status).toBe(200);
    const page = await outcome(person.loader as Handler, request(path, validToken), { personId });
    expect(page.status).toBe(200);
    expect(page.body).not.toContain("Vanessa");
    expect(page.body).not.toContain("vanessa@example.com");
    expect(JSON.parse(page.body).person).toMatchObject({ name: "Erased person", erasedAt: expect.any(String) });
    expect(await privacyNotes()).toContain("Erased at the person's request by Jordan");

    const again = await outcome(person.action as Handler, request(path, validToken, erase()), { personId });
    expect(again.status).toBe(409);
    expect((await outcome(personExport.loader as Handler, request(exportPaths[0]!, validToken), { personId })).status).toBe(404);
  });
});
