import { timestamp } from "drizzle-orm/pg-core";

/** When a row was created: every table that records an event has it. */
export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
