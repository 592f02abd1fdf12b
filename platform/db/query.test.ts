import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import { inboxInvites } from "../../db/schema";
import { type Database, openDatabase } from "./database";
import { name, returning, select } from "./query";

describe("select and returning: rows under the fields' keys, typed from the schema", () => {
  let db: Database;
  beforeAll(async () => {
    db = await openDatabase({ pgliteDir: "memory" });
  });
  afterAll(() => db.close());

  it("inserts with bare column names and reads back what it wrote", async () => {
    const inserted = await returning(
      db.rows,
      { hash: inboxInvites.token_hash, expires_at: inboxInvites.expires_at },
      sql`
      insert into ${inboxInvites} (${name(inboxInvites.token_hash)}, ${name(inboxInvites.expires_at)}) values (${"abc"}, now() + interval '1 hour')`,
    );
    expect(inserted).toEqual([{ hash: "abc", expires_at: expect.any(Date) }]);

    const rows = await select(
      db.rows,
      { hash: inboxInvites.token_hash, email: inboxInvites.email, one: sql<number>`1::integer` },
      sql`
      from ${inboxInvites} where ${inboxInvites.token_hash} = ${"abc"}`,
    );
    expect(rows).toEqual([{ hash: "abc", email: null, one: 1 }]);
    expectTypeOf(rows).toEqualTypeOf<{ hash: string; email: string | null; one: number }[]>();
  });
});
