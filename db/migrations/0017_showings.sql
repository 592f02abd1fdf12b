CREATE TABLE "showing_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"length_minutes" integer NOT NULL,
	"buffer_minutes" integer NOT NULL,
	"ahead_days" integer NOT NULL,
	"notice_minutes" integer NOT NULL,
	"weekly" jsonb NOT NULL,
	"time_off" jsonb NOT NULL,
	"feed_token" text,
	"calendar_url" text,
	"busy" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"busy_fetched_at" timestamp with time zone,
	"busy_checked_at" timestamp with time zone,
	"busy_error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "showing_settings_one_row_check" CHECK ("showing_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "showings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "showings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uid" text NOT NULL,
	"listing_key" text NOT NULL,
	"listing" jsonb NOT NULL,
	"person_id" integer,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"note" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" text,
	CONSTRAINT "showings_status_check" CHECK ("showings"."status" in ('requested', 'confirmed', 'cancelled')),
	CONSTRAINT "showings_ends_after_start_check" CHECK ("showings"."ends_at" > "showings"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "notification_outbox" DROP CONSTRAINT "notification_outbox_kind_check";--> statement-breakpoint
ALTER TABLE "push_messages" DROP CONSTRAINT "push_messages_kind_check";--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD COLUMN "showing_id" integer;--> statement-breakpoint
ALTER TABLE "showings" ADD CONSTRAINT "showings_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "showings_uid_key" ON "showings" USING btree ("uid");--> statement-breakpoint
CREATE UNIQUE INDEX "showings_held_slot_key" ON "showings" USING btree ("starts_at") WHERE "showings"."status" in ('requested', 'confirmed');--> statement-breakpoint
CREATE INDEX "showings_listing_idx" ON "showings" USING btree ("listing_key","starts_at");--> statement-breakpoint
CREATE INDEX "showings_person_idx" ON "showings" USING btree ("person_id");--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD CONSTRAINT "notification_outbox_showing_id_showings_id_fk" FOREIGN KEY ("showing_id") REFERENCES "public"."showings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_outbox_showing_idx" ON "notification_outbox" USING btree ("showing_id");--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD CONSTRAINT "notification_outbox_kind_check" CHECK ("notification_outbox"."kind" in ('lead', 'contact', 'showing', 'acknowledgement', 'reminder', 'summary', 'confirmation', 'alert', 'warming', 'health', 'showing-reminder', 'invitation'));--> statement-breakpoint
ALTER TABLE "push_messages" ADD CONSTRAINT "push_messages_kind_check" CHECK ("push_messages"."kind" in ('lead', 'test', 'reminder', 'warming', 'health', 'showing'));