-- Written by hand (decision 035): each submission's statement now finds or creates its person
-- itself (personUpsert in app/lib/server/inbox/people.server.ts), so the trigger of migration 0001
-- and its two functions go. Every outbox row stored before this migration was linked by them.
DROP TRIGGER IF EXISTS "notification_outbox_person" ON "notification_outbox";
--> statement-breakpoint
DROP FUNCTION IF EXISTS "inbox_person_for_submission"();
--> statement-breakpoint
DROP FUNCTION IF EXISTS "inbox_upsert_person"(jsonb, text, timestamptz);
