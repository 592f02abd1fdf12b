import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDdfClient } from "../app/lib/server/listings/ddf-client.server";
import { syncListings } from "../app/lib/server/listings/sync.server";
import { generateListings } from "../tests/fixtures/ddf/listings";
import { startDdfStandIn } from "../tests/fixtures/ddf/stand-in";
import { testDatabaseForThisFile, usingPostgres } from "../tests/support/test-database";
import type { Database } from "../platform/db/database";
import { RenderCache } from "./render-cache";
import { RenderGenerationJob } from "./render-generation-job";

const test = testDatabaseForThisFile();
let standIn: Awaited<ReturnType<typeof startDdfStandIn>>;
beforeAll(async () => {
  standIn = await startDdfStandIn({ listings: generateListings(3, { seed: 29, now: new Date("2026-11-01T00:00:00Z") }) });
});
afterAll(() => standIn.close());

const quiet = { info() {}, warn() {}, error() {} };
const html = "<!DOCTYPE html><html><body><p>kept</p></body></html>";

async function keepOne(cache: RenderCache): Promise<void> {
  const response = new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } });
  await cache.ticket("/listings").finish(new Request("http://site.example/listings"), response, { keep: true, ownScripts: null });
}

describe("every server's render cache follows the sync", () => {
  it("holds its renders stale when a sync run finishes, on a server that did not run it, and only then", async () => {
    // On PostgreSQL the other server has its own connections to the shared database; PGlite has one server.
    const other: Database = usingPostgres ? await test.openAnother() : test.db;
    try {
      const cache = new RenderCache([], {
        listingsOrigin: "https://l.example",
        formEmbedOrigin: "https://f.example",
        formEmbedScriptOrigin: "https://f.example",
        mapOrigin: "https://m.example",
      });
      const job = new RenderGenerationJob(other, cache);
      await job.run();
      await keepOne(cache);
      await job.run();
      expect(cache.state("/listings")).toBe("fresh");

      const client = createDdfClient({
        tokenUrl: standIn.tokenUrl,
        apiUrl: standIn.apiUrl,
        clientId: "ddf-client",
        clientSecret: "ddf-secret",
      });
      const result = await syncListings(test.db, client, { fullCheckMs: 3_600_000, log: quiet });
      expect(result.error).toBeUndefined();
      await job.run();
      expect(cache.state("/listings")).toBe("stale");

      await keepOne(cache);
      await job.run();
      expect(cache.state("/listings")).toBe("fresh");
    } finally {
      if (other !== test.db) await other.close();
    }
  });
});
