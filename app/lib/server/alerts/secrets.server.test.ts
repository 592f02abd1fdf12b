/** The servers' shared secrets and the suppression list's keyed hashes. */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailSuppressions, serverSecrets } from "../../../../db/schema";
import { name, select } from "../../../../platform/db/query";
import { testDatabaseForThisFile } from "../../../../tests/support/test-database";
import { secretIn, serverSecret } from "./secrets.server";
import { emailHash, isSuppressed } from "./suppression.server";

const t = testDatabaseForThisFile();

describe("server secrets", () => {
  it("makes one random 32-byte secret per name, the same for every reader, even when they race", async () => {
    const raced = await Promise.all([
      secretIn(t.db.rows, "suppression"),
      secretIn(t.db.rows, "suppression"),
      secretIn(t.db.rows, "alert-links"),
    ]);
    expect(raced[0]).toHaveLength(32);
    expect(raced[1]!.equals(raced[0]!)).toBe(true);
    expect(raced[2]!.equals(raced[0]!)).toBe(false);
    expect(await select(t.db.rows, { name: serverSecrets.name }, sql`from ${serverSecrets} order by ${serverSecrets.name}`)).toEqual([
      { name: "alert-links" },
      { name: "suppression" },
    ]);
  });

  it("caches a database's secret: the second read is the same buffer without a statement", async () => {
    const first = await serverSecret(t.db, "alert-links");
    expect(await serverSecret(t.db, "alert-links")).toBe(first);
    expect(first.equals(await secretIn(t.db.rows, "alert-links"))).toBe(true);
  });
});

describe("the suppression list", () => {
  it("hashes the trimmed, lower-cased address with the server's key, never storing the address", async () => {
    const hash = await emailHash(t.db, "  Jane@Example.com ");
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await emailHash(t.db, "jane@example.com")).toBe(hash);
    expect(await emailHash(t.db, "john@example.com")).not.toBe(hash);
  });

  it("finds a listed address in any case and spacing, and nothing before the key exists", async () => {
    expect(await isSuppressed(t.db.rows, "jane@example.com")).toBe(false);
    expect(await select(t.db.rows, { name: serverSecrets.name }, sql`from ${serverSecrets}`)).toEqual([]);
    const hash = await emailHash(t.db, "jane@example.com");
    await t.db.rows(
      sql`insert into ${emailSuppressions} (${name(emailSuppressions.email_hash)}, ${name(emailSuppressions.reason)}) values (${hash}, 'erased')`,
    );
    expect(await isSuppressed(t.db.rows, " JANE@example.COM")).toBe(true);
    expect(await isSuppressed(t.db.rows, "john@example.com")).toBe(false);
    expect(await t.db.transaction((rows) => isSuppressed(rows, "jane@example.com"))).toBe(true);
  });
});
