ALTER TABLE "listings" ADD COLUMN "year_built" integer;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "rooms" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "parking_total" integer;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "lot_size_area" double precision;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "lot_size_units" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "heating" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "fee_includes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "tax_annual_amount" double precision;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "tax_year" integer;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "association_fee" double precision;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "association_fee_frequency" text;--> statement-breakpoint
CREATE INDEX "listings_similar_idx" ON "listings" USING btree ("city","category","list_price") WHERE "listings"."status" = 'active';--> statement-breakpoint
-- The stored listings have none of these fields yet (an increment would fill only the listings
-- changed since): the next sync loads the whole feed again, with them.
UPDATE "listing_sync" SET "watermark" = NULL, "last_full_check_at" = NULL;
