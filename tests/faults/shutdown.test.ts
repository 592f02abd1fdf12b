/**
 * Graceful shutdown: SIGTERM while submissions are in flight. Every request that reached the
 * server completes successfully, new connections are refused, the delivery in hand finishes and
 * is recorded, the process exits 0, and the data is intact (and the rest of the mail goes out
 * after the next start, once each). A request that never finishes cannot hold the exit past
 * SHUTDOWN_GRACE_MS.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { killAll } from "./support/children";
import { freshDataDir, removeDataDirs, storedSubmissions, withDatabase } from "./support/data";
import { contactFields, nextClientIp, submitOne } from "./support/forms";
import { ports } from "./support/ports";
import { SlowRequest } from "./support/raw-http";
import { eventually, startSite } from "./support/site";
import { TestSmtpServer } from "./support/smtp";

const smtp = new TestSmtpServer(ports.shutdown.smtp);

beforeAll(() => smtp.start());
afterAll(async () => {
  killAll();
  await smtp.stop();
  removeDataDirs();
});

describe("SIGTERM", () => {
  it("finishes the requests in flight, the delivery in hand, closes the database and exits 0", async () => {
    // Each message takes the SMTP server 300 ms: deliveries are in progress when SIGTERM comes.
    smtp.delayMs = 300;
    const dataDir = freshDataDir();
    const site = await startSite({ port: ports.shutdown.site, dataDir, smtpUrl: smtp.url });

    // Warm up (the first requests of a process compile the route code), as a live server would be.
    for (let i = 0; i < 4; i++) expect((await submitOne(site.origin, "warm-up")).status).toBe(200);

    // One request whose body is only half sent: certainly in flight when the signal arrives.
    const slowEmail = `slow-${Date.now()}@example.com`;
    const slow = new SlowRequest(ports.shutdown.site, "/contact.data", new URLSearchParams(contactFields(slowEmail, 0)).toString(), {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: site.origin,
      "X-Forwarded-For": nextClientIp(),
    });
    await slow.connected;
    // And a burst of complete submissions, each on a connection established before the signal;
    // most are still being handled when it arrives (PGlite takes them one at a time).
    const burstEmails = Array.from({ length: 30 }, (_, i) => `sigterm-${i}-${Date.now()}@example.com`);
    const burst = burstEmails.map((email, i) => {
      const body = new URLSearchParams(contactFields(email, i)).toString();
      return new SlowRequest(
        ports.shutdown.site,
        "/contact.data",
        body,
        { "Content-Type": "application/x-www-form-urlencoded", Origin: site.origin, "X-Forwarded-For": nextClientIp() },
        body.length,
      );
    });
    await Promise.all(burst.map((r) => r.connected));
    await new Promise((r) => setTimeout(r, 50));
    const signalledAt = Date.now();
    site.child.kill("SIGTERM");

    // No new connections once the signal is handled.
    const listenerClosed = await eventually(async () => {
      try {
        await fetch(`${site.origin}/healthz`, { signal: AbortSignal.timeout(1000) });
        return false;
      } catch {
        return true;
      }
    }, 3000);
    expect(listenerClosed, "new connections refused after SIGTERM").toBe(true);

    slow.finish();
    const slowAnswer = await slow.response;
    const outcomes = await Promise.all(
      burst.map((r) =>
        r.response.then(
          (answer) => ({ ...answer, at: Date.now() }),
          (error: Error) => ({ status: -1, body: error.message, at: Date.now() }),
        ),
      ),
    );
    const exit = await site.exited;

    expect(slowAnswer.status, site.output()).toBe(200);
    expect(exit, site.output()).toEqual({ code: 0, signal: null });
    expect(site.output()).toMatch(/\[shutdown\] done in \d+ ms/);

    // Every request the server had begun was answered with success; a connection still waiting
    // in the kernel's accept queue when the listener closed may be reset, but then nothing of it
    // was stored (the visitor sees a network error and can send again: never a half-done lead).
    const answered = burst.map((_, i) => ({ email: burstEmails[i]!, ...outcomes[i]! }));
    const succeeded = answered.filter((o) => o.status === 200);
    const reset = answered.filter((o) => o.status !== 200);
    for (const o of reset) expect(`${o.status} ${o.body}`).toMatch(/^(-1 .*ECONNRESET|0 )/);
    expect(succeeded.filter((o) => o.at > signalledAt).length, "answers that came after the signal").toBeGreaterThan(0);
    console.info(
      `[shutdown] burst of ${answered.length}: ${succeeded.length} answered 200 (${succeeded.filter((o) => o.at > signalledAt).length} after the signal), ${reset.length} reset before being read`,
    );

    const acknowledged = [slowEmail, ...succeeded.map((o) => o.email)];
    const stored = await withDatabase({ dataDir }, storedSubmissions);
    for (const email of acknowledged) expect(stored.emails.has(email), `${email} stored`).toBe(true);
    for (const o of reset) expect(stored.emails.has(o.email), `${o.email} (reset) not stored`).toBe(false);
    // The delivery in hand finished and was recorded: nothing is left claimed, every mail that
    // reached the SMTP server is marked sent, the rest waits as pending.
    expect(stored.outbox.sending ?? 0).toBe(0);
    expect(stored.outbox.sent ?? 0).toBe(smtp.received.length);
    expect((stored.outbox.sent ?? 0) + (stored.outbox.pending ?? 0)).toBe(acknowledged.length + 4);

    // The next start delivers what was left, each notification once.
    smtp.delayMs = 0;
    const next = await startSite({ port: ports.shutdown.site, dataDir, smtpUrl: smtp.url });
    const allDelivered = await eventually(() => acknowledged.every((email) => smtp.to(email).length >= 1), 30_000);
    expect(allDelivered, next.output()).toBe(true);
    for (const email of acknowledged) expect(smtp.to(email).length, `mails for ${email}`).toBe(1);

    // A request that never finishes cannot hold the exit past the grace period (5 s here).
    const hung = new SlowRequest(ports.shutdown.site, "/contact.data", "name=Hung&email=hung%40example.com", {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: next.origin,
      "X-Forwarded-For": nextClientIp(),
    });
    await hung.connected;
    await new Promise((r) => setTimeout(r, 100));
    const stopStarted = Date.now();
    const nextExit = await next.stop();
    const took = Date.now() - stopStarted;
    hung.destroy();
    expect(nextExit, next.output()).toEqual({ code: 0, signal: null });
    expect(took).toBeGreaterThanOrEqual(4500);
    expect(took).toBeLessThan(15_000);
    expect(next.output()).toMatch(/requests still running after 5000 ms/);
  });
});
