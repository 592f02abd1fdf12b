/**
 * Turning notifications on (the Account page's push-subscribe action, behind the inbox's guard,
 * on a real database): only keys every push can be encrypted to are stored (a P-256 point on the
 * curve, a 16-byte auth secret), only endpoints on https's own port, and an account keeps at most
 * PUSH_DEVICES_PER_ACCOUNT devices, the one reached least recently making room for a new one.
 */
import { createECDH, randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { PUSH_DEVICES_PER_ACCOUNT } from "~/lib/server/push/devices.server";
import { type Handler, form, inboxWithALeadForThisFile, outcome, request, t, validToken } from "../../../tests/support/inbox-security";
import * as account from "./account";

inboxWithALeadForThisFile();

/** A browser's real key: an uncompressed P-256 point. */
function browserKey(): Buffer {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return ecdh.getPublicKey();
}
/** 65 bytes, 0x04 first, but one bit of y flipped: not on the curve. */
function offCurveKey(): string {
  const point = browserKey();
  point[64]! ^= 1;
  return point.toString("base64url");
}
/** The same key as 33 bytes (0x02 or 0x03 and x): a valid point, but not the form Web Push uses. */
function compressedKey(): string {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return ecdh.getPublicKey(null, "compressed").toString("base64url");
}
const auth = () => randomBytes(16).toString("base64url");
/** An endpoint at a public address written as a literal (no DNS in the test). */
const endpoint = (n: number | string) => `https://142.250.72.10/fcm/send/device-${n}`;

async function subscribe(
  fields: Partial<Record<"endpoint" | "p256dh" | "auth", string>> = {},
  userAgent = "Mozilla/5.0 (Linux; Android 14) Chrome/131.0.0.0 Mobile Safari/537.36",
) {
  const body = {
    intent: "push-subscribe",
    endpoint: endpoint(randomBytes(6).toString("hex")),
    p256dh: browserKey().toString("base64url"),
    auth: auth(),
    ...fields,
  };
  const out = await outcome(
    account.action as Handler,
    request("/inbox/account", validToken, { ...form(body), headers: { "User-Agent": userAgent } }),
  );
  return { status: out.status, body: JSON.parse(out.body) as { status: string; message?: string; section?: string } };
}
const stored = () =>
  t.db.rows<{ id: number; endpoint: string; browser: string }>(sql`select id, endpoint, browser from push_devices order by id`);

beforeEach(async () => {
  await t.db.rows(sql`delete from push_devices`);
});

describe("turning notifications on", () => {
  it("stores a subscription whose keys and endpoint are sound", async () => {
    const out = await subscribe({ endpoint: endpoint("phone") });
    expect(out).toEqual({
      status: 200,
      body: { status: "success", message: "Notifications are on for this device. New leads will show here within seconds." },
    });
    expect(await stored()).toMatchObject([{ endpoint: endpoint("phone"), browser: "Chrome on Android" }]);
  });

  it.each([
    ["a key that is not a point on the curve", { p256dh: offCurveKey() }],
    [
      "the point at infinity's spelling (all zeros after 0x04)",
      { p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64)]).toString("base64url") },
    ],
    ["a compressed key", { p256dh: compressedKey() }],
    ["a key of 65 bytes without 0x04", { p256dh: Buffer.concat([Buffer.from([3]), browserKey().subarray(1)]).toString("base64url") }],
    ["a key with a character of standard base64 (+)", { p256dh: browserKey().toString("base64url").slice(0, 86) + "+" }],
    ["an auth secret of 15 bytes", { auth: randomBytes(15).toString("base64url") }],
    ["an auth secret of 17 bytes", { auth: randomBytes(17).toString("base64url") }],
    ["an empty auth secret", { auth: "" }],
  ])("refuses %s with a 400 and stores nothing", async (_, fields) => {
    const out = await subscribe(fields);
    expect(out.status).toBe(400);
    expect(out.body).toEqual({
      status: "error",
      section: "push",
      message: "The browser gave an invalid subscription. Try turning notifications on again.",
      values: null,
    });
    expect(await stored()).toEqual([]);
  });

  it.each([
    "https://8.8.8.8:22/",
    "https://142.250.72.10:8443/fcm/send/x",
    "https://[2607:f8b0:4004:c1b::5f]:25/x",
    "https://142.250.72.10:0/x",
  ])("refuses an endpoint on another port than 443 (%s) with a 400", async (url) => {
    const out = await subscribe({ endpoint: url });
    expect(out).toMatchObject({
      status: 400,
      body: { status: "error", section: "push", message: "Push addresses must use the standard https port (443)." },
    });
    expect(await stored()).toEqual([]);
  });

  it("accepts port 443 written out", async () => {
    expect((await subscribe({ endpoint: "https://142.250.72.10:443/fcm/send/x" })).status).toBe(200);
    expect(await stored()).toMatchObject([{ endpoint: "https://142.250.72.10:443/fcm/send/x" }]);
  });
});

describe(`an account's devices (at most ${PUSH_DEVICES_PER_ACCOUNT})`, () => {
  it("keeps the newest; the device reached least recently makes room, and the answer names it", async () => {
    expect(PUSH_DEVICES_PER_ACCOUNT).toBe(20);
    for (let n = 1; n <= 20; n++) expect((await subscribe({ endpoint: endpoint(n) })).status).toBe(200);
    // The first phone still gets its pushes (a push reached it a minute ago); the second has not been reached for a month.
    await t.db.rows(sql`update push_devices set created_at = now() - interval '60 days', last_push_at = now() - interval '30 days'`);
    await t.db.rows(sql`update push_devices set last_push_at = now() - interval '1 minute' where endpoint = ${endpoint(1)}`);
    await t.db.rows(
      sql`update push_devices set browser = 'Safari on iPhone', last_push_at = now() - interval '40 days' where endpoint = ${endpoint(2)}`,
    );

    const out = await subscribe({ endpoint: endpoint(21) });
    expect(out.status).toBe(200);
    expect(out.body.message).toBe(
      "Notifications are on for this device. New leads will show here within seconds. An account keeps 20 devices, so the one reached least recently (Safari on iPhone) no longer gets notifications.",
    );
    const endpoints = (await stored()).map((d) => d.endpoint);
    expect(endpoints).toHaveLength(20);
    expect(endpoints).toContain(endpoint(1));
    expect(endpoints).toContain(endpoint(21));
    expect(endpoints).not.toContain(endpoint(2));

    // The same browser subscribing again updates its row: nothing makes room.
    const again = await subscribe({ endpoint: endpoint(21) });
    expect(again.body.message).toBe("Notifications are on for this device. New leads will show here within seconds.");
    expect(await stored()).toHaveLength(20);
  });

  it("300 subscriptions in a burst leave 20 devices, and the Account page lists 20", async () => {
    const answers = await Promise.all(Array.from({ length: 300 }, (_, n) => subscribe({ endpoint: endpoint(`burst-${n}`) })));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(await stored()).toHaveLength(20);
    const page = await outcome(account.loader as Handler, request("/inbox/account", validToken));
    expect((JSON.parse(page.body) as { push: { devices: unknown[] } }).push.devices).toHaveLength(20);
  });
});
