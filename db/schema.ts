/**
 * The database schema (Drizzle, PostgreSQL dialect): what the site stores of its visitors.
 * Column names follow issue 4 and spec/site.md §3. One file per area in db/schema/; this one
 * gathers them, and migrations are generated from it (`npm run db:generate`) into db/migrations
 * and applied at server start-up.
 */
export * from "../app/lib/schema-values";
export * from "./schema/submissions";
export * from "./schema/outbox";
export * from "./schema/inbox";
export * from "./schema/listings";
export * from "./schema/jobs";
export * from "./schema/rate-limits";
export * from "./schema/push";
export * from "./schema/alerts";
export * from "./schema/health";
export * from "./schema/assessments";
export * from "./schema/showings";
