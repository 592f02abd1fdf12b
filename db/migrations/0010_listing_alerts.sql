CREATE TABLE "alert_cursor" (
	"id" integer PRIMARY KEY NOT NULL,
	"last_change_id" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_cursor_single_row_check" CHECK ("alert_cursor"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "alert_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alert_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"person_id" integer NOT NULL,
	"subscription_id" integer NOT NULL,
	"change_ids" bigint[] NOT NULL,
	"frequency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"outbox_id" integer
);
--> statement-breakpoint
CREATE TABLE "alert_opens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alert_opens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"person_id" integer NOT NULL,
	"listing_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_subscriptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alert_subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"person_id" integer,
	"criteria" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"listing_key" text,
	"label" text NOT NULL,
	"frequency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"consent_text" text NOT NULL,
	"consent_version" text NOT NULL,
	"form" text NOT NULL,
	"client_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	CONSTRAINT "alert_subscriptions_kind_check" CHECK ("alert_subscriptions"."kind" in ('search', 'watch')),
	CONSTRAINT "alert_subscriptions_frequency_check" CHECK ("alert_subscriptions"."frequency" in ('instant', 'daily', 'weekly')),
	CONSTRAINT "alert_subscriptions_status_check" CHECK ("alert_subscriptions"."status" in ('pending', 'active', 'ended')),
	CONSTRAINT "alert_subscriptions_email_normalised_check" CHECK ("alert_subscriptions"."email" = lower(btrim("alert_subscriptions"."email"))),
	CONSTRAINT "alert_subscriptions_watch_check" CHECK (("alert_subscriptions"."kind" = 'watch') = ("alert_subscriptions"."listing_key" is not null)),
	CONSTRAINT "alert_subscriptions_person_check" CHECK ("alert_subscriptions"."status" = 'pending' or "alert_subscriptions"."person_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "consent_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "consent_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"person_id" integer NOT NULL,
	"kind" text NOT NULL,
	"basis" text NOT NULL,
	"consent_text" text,
	"consent_version" text,
	"given_at" timestamp with time zone,
	"client_address" text,
	"user_agent" text,
	"expires_at" timestamp with time zone,
	"subscription_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consent_events_kind_check" CHECK ("consent_events"."kind" in ('express', 'implied', 'withdrawal'))
);
--> statement-breakpoint
CREATE TABLE "email_suppressions" (
	"email_hash" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listing_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "listing_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"listing_key" text NOT NULL,
	"kind" text NOT NULL,
	"old_price" double precision,
	"new_price" double precision,
	"old_status" text,
	"new_status" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_changes_kind_check" CHECK ("listing_changes"."kind" in ('new', 'price', 'status', 'removed'))
);
--> statement-breakpoint
CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_outbox" DROP CONSTRAINT "notification_outbox_kind_check";--> statement-breakpoint
ALTER TABLE "notification_outbox" DROP CONSTRAINT "notification_outbox_status_check";--> statement-breakpoint
ALTER TABLE "person_events" DROP CONSTRAINT "person_events_kind_check";--> statement-breakpoint
ALTER TABLE "push_messages" DROP CONSTRAINT "push_messages_kind_check";--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "warming_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alert_items" ADD CONSTRAINT "alert_items_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_items" ADD CONSTRAINT "alert_items_subscription_id_alert_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."alert_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_items" ADD CONSTRAINT "alert_items_outbox_id_notification_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."notification_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_opens" ADD CONSTRAINT "alert_opens_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_subscriptions" ADD CONSTRAINT "alert_subscriptions_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_events" ADD CONSTRAINT "consent_events_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_events" ADD CONSTRAINT "consent_events_subscription_id_alert_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."alert_subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_items_waiting_idx" ON "alert_items" USING btree ("person_id") WHERE "alert_items"."outbox_id" is null;--> statement-breakpoint
CREATE INDEX "alert_items_subscription_idx" ON "alert_items" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "alert_items_outbox_idx" ON "alert_items" USING btree ("outbox_id");--> statement-breakpoint
CREATE INDEX "alert_opens_person_idx" ON "alert_opens" USING btree ("person_id","listing_key");--> statement-breakpoint
CREATE INDEX "alert_subscriptions_person_idx" ON "alert_subscriptions" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "alert_subscriptions_email_idx" ON "alert_subscriptions" USING btree ("email");--> statement-breakpoint
CREATE INDEX "alert_subscriptions_active_idx" ON "alert_subscriptions" USING btree ("kind","listing_key") WHERE "alert_subscriptions"."status" = 'active';--> statement-breakpoint
CREATE INDEX "consent_events_person_idx" ON "consent_events" USING btree ("person_id","created_at");--> statement-breakpoint
CREATE INDEX "listing_changes_created_idx" ON "listing_changes" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD CONSTRAINT "notification_outbox_kind_check" CHECK ("notification_outbox"."kind" in ('lead', 'contact', 'acknowledgement', 'reminder', 'summary', 'confirmation', 'alert', 'warming'));--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD CONSTRAINT "notification_outbox_status_check" CHECK ("notification_outbox"."status" in ('pending', 'sending', 'sent', 'failed', 'withheld'));--> statement-breakpoint
ALTER TABLE "person_events" ADD CONSTRAINT "person_events_kind_check" CHECK ("person_events"."kind" in ('status', 'note', 'privacy'));--> statement-breakpoint
ALTER TABLE "push_messages" ADD CONSTRAINT "push_messages_kind_check" CHECK ("push_messages"."kind" in ('lead', 'test', 'reminder', 'warming'));--> statement-breakpoint
INSERT INTO "alert_cursor" ("id") VALUES (1);
