/**
 * (c) PostgreSQL stops under a stream of submissions and comes back: meanwhile the site answers
 * 503 with the spec's error text (and its health check says so), it recovers by itself without
 * a restart, and nothing it acknowledged is lost or left unnotified.
 *
 * Needs PostgreSQL's binaries (Debian's `postgresql` package; PG_BIN to point elsewhere): the
 * suite starts its own server on a loopback port in a temp folder.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMessages, leadMessages } from "../../app/content/form-messages";
import { killAll } from "./support/children";
import { freshDataDir, removeDataDirs, storedSubmissions, withDatabase } from "./support/data";
import { submissionStream, submitOne } from "./support/forms";
import { ports } from "./support/ports";
import { TestPostgres, findPostgresBin } from "./support/postgres";
import { eventually, health, startSite } from "./support/site";
import { TestSmtpServer } from "./support/smtp";

const bin = findPostgresBin();
const smtp = new TestSmtpServer(ports.postgresOutage.smtp);
let pg: TestPostgres | null = null;

beforeAll(async () => {
  await smtp.start();
  if (bin) {
    pg = new TestPostgres(bin, ports.postgresOutage.postgres);
    await pg.init();
  }
});
afterAll(async () => {
  killAll();
  pg?.destroy();
  await smtp.stop();
  removeDataDirs();
});

/** The page text as the visitor reads it (React escapes apostrophes and the like). */
function unescapeHtml(html: string): string {
  return html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

describe.skipIf(!bin)("fault: PostgreSQL stops and restarts under submissions", () => {
  it("answers 503 with the spec's message while it is down, recovers by itself, loses nothing acknowledged", async () => {
    const site = await startSite({ port: ports.postgresOutage.site, dataDir: freshDataDir(), databaseUrl: pg!.url, smtpUrl: smtp.url });
    const stream = submissionStream(() => site.origin, "pg-outage", 3);
    expect(await eventually(() => stream.acknowledged().length >= 20, 20_000, 20)).toBe(true);

    // A crash of the database server: connections cut, no checkpoint.
    pg!.stop("immediate");
    const downAt = stream.outcomes.length;
    // The stream keeps going; now a refusal, each with the message of the spec.
    const contactDuring = await submitOne(site.origin, "pg-down", { kind: "contact" });
    const leadDuring = await submitOne(site.origin, "pg-down", { kind: "lead" });
    const pageDuring = await submitOne(site.origin, "pg-down", { kind: "contact", document: true });
    expect(contactDuring.status).toBe(503);
    expect(contactDuring.body).toContain(contactMessages.failure);
    expect(leadDuring.status).toBe(503);
    expect(leadDuring.body).toContain(leadMessages.failure);
    // Without JavaScript the same text is on the returned page, with what was typed kept.
    expect(pageDuring.status).toBe(503);
    expect(unescapeHtml(pageDuring.body)).toContain(contactMessages.failure);
    expect(pageDuring.body).toContain(pageDuring.email);
    const healthDuring = await fetch(`${site.origin}/healthz`);
    expect(healthDuring.status).toBe(503);
    await new Promise((r) => setTimeout(r, 1500));

    pg!.start();
    const upAt = stream.outcomes.length;
    // Back by itself: the stream is acknowledged again without restarting the site.
    expect(
      await eventually(() => stream.outcomes.slice(upAt).filter((o) => o.status === 200).length >= 20, 20_000, 20),
      site.output(),
    ).toBe(true);
    const outcomes = await stream.stop();

    const duringOutage = outcomes.slice(downAt, upAt);
    expect(duringOutage.length).toBeGreaterThan(0);
    const unexpected = outcomes.filter((o) => ![200, 503].includes(o.status)).map((o) => `${o.status} ${o.body.slice(0, 80)}`);
    expect(unexpected, "answers other than success or the clear 503").toEqual([]);
    for (const o of outcomes.filter((x) => x.status === 503))
      expect(o.body).toContain(o.kind === "contact" ? contactMessages.failure : leadMessages.failure);
    expect((await health(site.origin))?.ok).toBe(true);

    const acknowledged = outcomes.filter((o) => o.status === 200);
    expect(
      await eventually(() => acknowledged.every((o) => smtp.to(o.email).length > 0), 30_000, 200),
      "every acknowledged submission notified",
    ).toBe(true);
    expect(acknowledged.filter((o) => new Set(smtp.to(o.email).map((m) => m.messageId)).size !== 1)).toEqual([]);
    const stored = await withDatabase({ databaseUrl: pg!.url }, storedSubmissions);
    expect(
      acknowledged.filter((o) => !stored.emails.has(o.email)).map((o) => o.email),
      "acknowledged but lost",
    ).toEqual([]);
    for (const o of outcomes.filter((x) => x.status === 503))
      expect(stored.emails.has(o.email), `${o.email} refused yet stored`).toBe(false);
    console.info(
      `[postgres] ${outcomes.length} submissions: ${acknowledged.length} acknowledged, ${outcomes.filter((o) => o.status === 503).length} answered 503 during the outage, all acknowledged stored and notified once`,
    );
    expect((await site.stop()).code, site.output()).toBe(0);
  });
});
