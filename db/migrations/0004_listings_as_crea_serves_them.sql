CREATE TABLE "offices" (
	"office_key" text PRIMARY KEY NOT NULL,
	"office_name" text,
	"modified_at" timestamp with time zone NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "open_houses" (
	"open_house_key" text PRIMARY KEY NOT NULL,
	"listing_key" text NOT NULL,
	"date" date NOT NULL,
	"start_time" text,
	"end_time" text,
	"livestream_url" text,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listing_sync" ADD COLUMN "office_watermark" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "office_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "agent_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "open_houses_listing_date_idx" ON "open_houses" USING btree ("listing_key","date");--> statement-breakpoint
CREATE INDEX "open_houses_date_idx" ON "open_houses" USING btree ("date");--> statement-breakpoint
CREATE INDEX "listings_agent_keys_idx" ON "listings" USING gin ("agent_keys");--> statement-breakpoint
ALTER TABLE "listings" DROP COLUMN "office_name";--> statement-breakpoint
-- The stored listings have no office or agent keys yet (ListOfficeName was never a field of the
-- feed): the next sync loads the whole feed again, with them.
UPDATE "listing_sync" SET "watermark" = NULL, "last_full_check_at" = NULL;
--> statement-breakpoint
-- Statuses are stored as the pages show them (docs/decisions/030); the reload rewrites them too.
UPDATE "listings" SET "status" = CASE lower("status") WHEN 'active under contract' THEN 'under-contract' WHEN 'pending' THEN 'pending' ELSE 'active' END;
