/**
 * The form endpoints the bench drives with autocannon, one entry per section: how the n-th
 * request of a run is built, which database counts must grow by exactly the number of accepted
 * responses, and the target printed as met / not met. Another kind of page is one more entry.
 */
import { sql } from "drizzle-orm";
import { contacts, leads, notificationOutbox, propertyInquiries } from "../../db/schema";

export interface BenchSection {
  name: string;
  /** Builds the request body for the n-th request of the run. */
  request: (n: number, runId: string) => { method: "GET" | "POST"; path: string; body?: string };
  /** Database counts that must grow by exactly the number of accepted responses. */
  countQueries?: Record<string, ReturnType<typeof sql>>;
  /** Printed as met / not met after the section. */
  target?: { reqPerSec: number; p99Ms: number };
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

export const sections: BenchSection[] = [
  {
    name: "contact form (POST /contact.data)",
    request: (n, runId) => ({
      method: "POST",
      path: "/contact.data",
      body: form({
        name: `Bench Visitor ${n}`,
        email: `bench-${runId}-${n}@example.com`,
        phone: "780-555-0123",
        message: `Benchmark message ${n}: is the house on 104 Street still available?`,
        website: "",
      }),
    }),
    countQueries: {
      contacts: sql`select count(*)::integer as n from ${contacts}`,
      property_inquiries: sql`select count(*)::integer as n from ${propertyInquiries}`,
      "queued notifications (contact)": sql`select count(*)::integer as n from ${notificationOutbox} where ${notificationOutbox.kind} = 'contact'`,
    },
    // Issue 10: one statement per submission (no group commit) still takes at least 300 contact
    // submissions per second at 16 connections, p99 under 100 ms: far above a few leads a day,
    // and a flood is held back by the rate limit in front, not by the database.
    target: { reqPerSec: 300, p99Ms: 100 },
  },
  {
    name: "welcome lead form (POST /welcome.data)",
    request: (n, runId) => ({
      method: "POST",
      path: "/welcome.data",
      body: form({
        fullName: `Bench Lead ${n}`,
        email: `lead-${runId}-${n}@example.com`,
        phone: "780-555-0124",
        serviceType: ["buying", "selling", "buying_and_selling"][n % 3]!,
        comments: n % 2 ? "" : "Looking in Windermere before spring.",
        website: "",
      }),
    }),
    countQueries: {
      leads: sql`select count(*)::integer as n from ${leads}`,
      "queued notifications (lead)": sql`select count(*)::integer as n from ${notificationOutbox} where ${notificationOutbox.kind} = 'lead'`,
    },
    target: { reqPerSec: 300, p99Ms: 100 },
  },
];
