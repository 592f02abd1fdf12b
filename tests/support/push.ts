/** Set-up shared by the push tests: an inbox account, devices subscribed at the stand-in push service, a job that delivers to it. */
import { sql } from "drizzle-orm";
import { afterEach, beforeEach } from "vitest";
import { inboxUsers, people } from "../../db/schema";
import type { Database } from "../../platform/db/database";
import { name, returning } from "../../platform/db/query";
import { type PushService, startPushService } from "../fixtures/push-service";
import { saveDevice } from "../../app/lib/server/push/devices.server";
import { PushJob } from "../../app/lib/server/push/push-job.server";
import { type PushSender, createPushSender } from "../../app/lib/server/push/sender.server";
import { vapidKeys } from "../../app/lib/server/push/vapid.server";

export const quiet = { info: () => {}, warn: () => {}, error: () => {} };

/** A job log that keeps each line as "<level> <text>", to count what a failure writes. */
export function recordingLog() {
  const lines: string[] = [];
  const line =
    (level: string) =>
    (...parts: unknown[]) =>
      void lines.push(`${level} ${parts.map(String).join(" ")}`);
  return { lines, info: line("info"), warn: line("warn"), error: line("error") };
}

/** A stand-in push service for each test of the file (started before it, closed after it). */
export function pushServiceForEachTest(): { readonly service: PushService } {
  let current: PushService | undefined;
  beforeEach(async () => {
    current = await startPushService();
  });
  afterEach(async () => {
    await current?.close();
  });
  return {
    get service() {
      if (!current) throw new Error("the push service starts before each test; use it inside one");
      return current;
    },
  };
}

export async function accountIn(db: Database, email = "agent@example.com"): Promise<number> {
  const [row] = await returning(
    db.rows,
    { id: inboxUsers.id },
    sql`insert into ${inboxUsers} (${name(inboxUsers.name)}, ${name(inboxUsers.email)}) values ('Agent', ${email})`,
  );
  return row!.id;
}

/** A person in the inbox (a push names one and opens their page). */
export async function personIn(db: Database, email = "jane@example.com"): Promise<number> {
  const [row] = await returning(
    db.rows,
    { id: people.id },
    sql`insert into ${people} (${name(people.email)}, ${name(people.name)}) values (${email}, 'Jane')`,
  );
  return row!.id;
}

/** A device of the account, subscribed at the stand-in with this server's VAPID key (as a browser would). */
export async function deviceAt(db: Database, service: PushService, accountId: number): Promise<{ id: number; endpoint: string }> {
  const keys = await vapidKeys(db);
  const subscription = service.createSubscription({ applicationServerKey: keys.publicKey });
  const { id } = await saveDevice(db, accountId, { endpoint: subscription.endpoint, ...subscription.keys }, "Chrome on Android");
  return { id, endpoint: subscription.endpoint };
}

/** The push job as the runtime makes it, sending to the stand-in (listed as a local push service, its certificate trusted). */
export async function pushJobFor(
  db: Database,
  service: PushService,
  options: { maxAttempts?: number; log?: Pick<Console, "info" | "warn" | "error">; wrap?: (sender: PushSender) => PushSender } = {},
): Promise<{ job: PushJob; close(): void }> {
  const origin = new URL(service.origin);
  const sender = createPushSender({
    keys: await vapidKeys(db),
    subject: "mailto:agent@example.com",
    localHosts: [{ hostname: origin.hostname, port: Number(origin.port) }],
    localCa: service.ca,
  });
  const job = new PushJob(db, options.wrap ? options.wrap(sender) : sender, {
    pollMs: 1000,
    maxAttempts: options.maxAttempts ?? 5,
    backoffBaseMs: 10,
    backoffMaxMs: 20,
    log: options.log ?? quiet,
  });
  return { job, close: () => sender.close() };
}
