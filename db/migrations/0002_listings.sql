CREATE TABLE "listing_sync" (
	"id" integer PRIMARY KEY NOT NULL,
	"watermark" timestamp with time zone,
	"last_full_check_at" timestamp with time zone,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"progress" jsonb,
	"last_started_at" timestamp with time zone,
	"last_finished_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_error" text,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"next_run_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "listing_tombstones" (
	"listing_key" text PRIMARY KEY NOT NULL,
	"removed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listings" (
	"listing_key" text PRIMARY KEY NOT NULL,
	"mls_number" text,
	"slug" text NOT NULL,
	"status" text,
	"list_price" double precision,
	"address" text NOT NULL,
	"city" text,
	"province" text,
	"postal_code" text,
	"community" text,
	"bedrooms" integer,
	"bathrooms" integer,
	"living_area" double precision,
	"living_area_units" text,
	"category" text NOT NULL,
	"property_sub_type" text,
	"public_remarks" text,
	"office_name" text,
	"listing_url" text,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"listed_at" timestamp with time zone,
	"modified_at" timestamp with time zone NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listings_category_check" CHECK ("listings"."category" in ('single-family', 'condominium', 'townhouse', 'other'))
);
--> statement-breakpoint
ALTER TABLE "property_inquiries" ADD COLUMN "listing_key" text;--> statement-breakpoint
CREATE INDEX "listings_city_listed_idx" ON "listings" USING btree ("city","listed_at");--> statement-breakpoint
CREATE INDEX "listings_category_listed_idx" ON "listings" USING btree ("category","listed_at");--> statement-breakpoint
CREATE INDEX "listings_listed_idx" ON "listings" USING btree ("listed_at");--> statement-breakpoint
CREATE INDEX "listings_modified_idx" ON "listings" USING btree ("modified_at");--> statement-breakpoint
-- Written by hand: the sync's one state row, so every server updates it and none has to create it.
INSERT INTO "listing_sync" ("id") VALUES (1);
