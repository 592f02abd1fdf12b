/**
 * The site mails no one on a stranger's behalf (issue 38, finding 4), against the production
 * server: the form quota counts an IPv6 client per /64; strangers naming one victim's address in
 * forms and alert sign-ups, each from an address of their own, get at most RECIPIENT_CAP
 * acknowledgements and RECIPIENT_CAP confirmation links through to it, while every lead is stored
 * and the agent notified; and the name they typed is in no To: header and no mail at all.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALERT_CONSENT_VERSION } from "../../app/lib/alert-consent";
import { RECIPIENT_CAP } from "../../app/lib/server/mail/recipient-cap.server";
import { generateListings } from "../fixtures/ddf/listings";
import { feedEnvOf, startDdfStandIn } from "../fixtures/ddf/stand-in";
import { killAll } from "./support/children";
import { freshDataDir, removeDataDirs, storedSubmissions, withDatabase } from "./support/data";
import { contactFields, leadFields, nextClientIp } from "./support/forms";
import { mimeParts } from "./support/mime";
import { ports } from "./support/ports";
import { type SiteProcess, eventually, health, startSite } from "./support/site";
import { TestSmtpServer, header } from "./support/smtp";

const QUOTA = 3;
const SPAM_NAME = "Visit https://evil.example/win now";
const AGENT = "jordan@averyhomes.example";

let standIn: Awaited<ReturnType<typeof startDdfStandIn>>;
let site: SiteProcess;
const smtp = new TestSmtpServer(ports.mailCaps.smtp);
const dataDir = freshDataDir();

beforeAll(async () => {
  standIn = await startDdfStandIn({ listings: generateListings(2, { seed: 38 }), port: ports.mailCaps.ddf });
  await smtp.start();
  site = await startSite({
    port: ports.mailCaps.site,
    dataDir,
    smtpUrl: smtp.url,
    env: { ...feedEnvOf(standIn), ACKNOWLEDGE_SUBMISSIONS: "on", AGENT_NOTIFY_EMAIL: AGENT },
    testOnly: { formRateLimitMax: QUOTA },
  });
}, 120_000);

afterAll(async () => {
  killAll();
  await smtp.stop();
  await standIn?.close();
  removeDataDirs();
});

async function post(path: string, fields: Record<string, string>, ip: string): Promise<number> {
  const res = await fetch(`${site.origin}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: site.origin, "x-forwarded-for": ip },
    body: new URLSearchParams(fields).toString(),
  });
  await res.arrayBuffer();
  return res.status;
}

/** Waits until the outbox has nothing left to send. */
async function outboxSettled(): Promise<void> {
  const settled = await eventually(
    async () => {
      const n = (await health(site.origin))?.notifications;
      return n !== undefined && n.pending === 0 && n.sending === 0;
    },
    30_000,
    200,
  );
  expect(settled, site.output()).toBe(true);
}

const mailsTo = (address: string) => smtp.received.filter((m) => header(m.raw, "To").toLowerCase().includes(address));
/** What a reader of the mail sees: its headers and its decoded parts. */
const readable = (raw: string) => [raw.split(/\r?\n\r?\n/, 1)[0]!, ...mimeParts(raw).map((p) => p.body)].join("\n");

function expectNothingTyped(mails: { raw: string }[], address: string) {
  for (const mail of mails) {
    expect(header(mail.raw, "To")).toBe(address);
    const text = readable(mail.raw);
    expect(text).not.toContain("evil.example");
    expect(text).not.toContain("Visit");
  }
}

describe("fault: strangers make the site mail someone", () => {
  it("counts one IPv6 /64 as one client, however many addresses it sends from", async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 12; i++)
      statuses.push(await post("/contact.data", contactFields(`v6-${i}@example.com`, i), `2001:db8:38:64::${(i * 4099).toString(16)}`));
    expect(statuses.filter((s) => s === 200)).toHaveLength(QUOTA);
    expect(statuses.slice(QUOTA).every((s) => s === 429)).toBe(true);
    // Another /64, another client.
    expect(await post("/contact.data", contactFields("v6-other@example.com", 99), "2001:db8:38:65::1")).toBe(200);
  });

  it(`sends at most ${RECIPIENT_CAP} acknowledgements to an address named in 12 submissions from 12 addresses, and stores and announces all 12`, async () => {
    const victim = "victim@example.com";
    const statuses: number[] = [];
    for (let n = 0; n < 12; n++) {
      const fields =
        n % 2
          ? { ...leadFields(victim, n), fullName: SPAM_NAME, comments: `${SPAM_NAME} <a href="https://evil.example/">win</a>` }
          : { ...contactFields(victim, n), name: SPAM_NAME, message: `${SPAM_NAME} www.evil.example` };
      statuses.push(await post(n % 2 ? "/welcome.data" : "/contact.data", fields, nextClientIp()));
    }
    expect(statuses).toEqual(Array(12).fill(200));
    await outboxSettled();
    const toVictim = mailsTo(victim);
    expect(toVictim).toHaveLength(RECIPIENT_CAP);
    expectNothingTyped(toVictim, victim);
    // Never lose a lead: each one notified the agent (Reply-To the visitor's address).
    const notified = smtp.to(victim);
    expect(notified).toHaveLength(12);
    expect(notified.every((m) => header(m.raw, "To") === AGENT)).toBe(true);
  });

  it(`sends at most ${RECIPIENT_CAP} confirmation links to an address named in 10 alert sign-ups from 10 addresses`, async () => {
    const victim = "Victim.Two+alerts@example.com";
    const statuses: number[] = [];
    for (let n = 0; n < 10; n++) {
      const fields = {
        email: victim,
        name: SPAM_NAME,
        frequency: "daily",
        consent: "yes",
        consentVersion: ALERT_CONSENT_VERSION,
        kind: "search",
        form: "Save this search",
        city: "Edmonton",
        minBeds: String(1 + (n % 5)),
        website: "",
      };
      statuses.push(await post("/alerts.data", fields, nextClientIp()));
    }
    expect(
      statuses.every((s) => s < 400),
      JSON.stringify(statuses),
    ).toBe(true);
    await outboxSettled();
    const confirmations = mailsTo("victim.two+alerts@example.com");
    expect(confirmations).toHaveLength(RECIPIENT_CAP);
    expectNothingTyped(confirmations, "victim.two+alerts@example.com");
  });

  it("kept every submission, and each mail past the cap as withheld", async () => {
    expect((await site.stop()).code).toBe(0);
    const stored = await withDatabase({ dataDir }, storedSubmissions);
    expect(stored.emails.has("victim@example.com")).toBe(true);
    // 12 - 3 acknowledgements and 10 - 3 confirmations.
    expect(stored.outbox.withheld).toBe(12 - RECIPIENT_CAP + (10 - RECIPIENT_CAP));
    expect(stored.outbox.failed ?? 0).toBe(0);
  });
});
