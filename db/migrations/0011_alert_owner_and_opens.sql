-- Issue 38: an open is recorded once per person, home and Edmonton day (the server computes the
-- day of a new open). Rows already there get the day of their time, and only the first of each
-- person, home and day is kept; PGlite's time-zone rules can be an hour off near midnight, which
-- only moves an old open to the neighbouring day.
DROP INDEX "alert_opens_person_idx";--> statement-breakpoint
ALTER TABLE "alert_opens" ADD COLUMN "day" date;--> statement-breakpoint
UPDATE "alert_opens" SET "day" = ("created_at" AT TIME ZONE 'America/Edmonton')::date;--> statement-breakpoint
DELETE FROM "alert_opens" a USING "alert_opens" b WHERE a."person_id" = b."person_id" AND a."listing_key" = b."listing_key" AND a."day" = b."day" AND a."id" > b."id";--> statement-breakpoint
ALTER TABLE "alert_opens" ALTER COLUMN "day" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_subscriptions" ADD COLUMN "applied_to" integer;--> statement-breakpoint
ALTER TABLE "alert_subscriptions" ADD CONSTRAINT "alert_subscriptions_applied_to_alert_subscriptions_id_fk" FOREIGN KEY ("applied_to") REFERENCES "public"."alert_subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_opens_person_day_idx" ON "alert_opens" USING btree ("person_id","listing_key","day");
