ALTER TABLE "listings" ADD COLUMN "features" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "previous_price" double precision;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "price_reduced_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "listings_price_idx" ON "listings" USING btree ("list_price") WHERE "listings"."status" = 'active';--> statement-breakpoint
CREATE INDEX "listings_remarks_words_idx" ON "listings" USING gin (to_tsvector('simple'::regconfig, coalesce("public_remarks", '')));--> statement-breakpoint
-- The stored listings have none of the new fields yet (an increment would fill only the listings
-- changed since): the next sync loads the whole feed again, with them.
UPDATE "listing_sync" SET "watermark" = NULL, "last_full_check_at" = NULL;
