CREATE TABLE "assessment_accounts" (
	"generation" integer NOT NULL,
	"account_number" text NOT NULL,
	"suite" text,
	"house_number" text,
	"street_name" text,
	"match_key" text,
	"quadrant" text,
	"garage" boolean,
	"neighbourhood_id" integer,
	"neighbourhood" text,
	"ward" text,
	"assessed_value" double precision NOT NULL,
	"tax_class" text,
	"latitude" double precision,
	"longitude" double precision,
	"classes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "assessment_accounts_generation_account_number_pk" PRIMARY KEY("generation","account_number")
);
--> statement-breakpoint
CREATE TABLE "assessment_history" (
	"account_number" text PRIMARY KEY NOT NULL,
	"values" jsonb NOT NULL,
	"roll_year" integer NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assessment_import" (
	"id" integer PRIMARY KEY NOT NULL,
	"live_generation" integer,
	"live_year" integer,
	"live_rows" integer,
	"live_imported_at" timestamp with time zone,
	"building_generation" integer,
	"building_stage" text,
	"building_offset" integer DEFAULT 0 NOT NULL,
	"building_started_at" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_error" text,
	"failing_since" timestamp with time zone,
	CONSTRAINT "assessment_import_one_row" CHECK ("assessment_import"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "assessment_neighbourhoods" (
	"generation" integer NOT NULL,
	"neighbourhood_id" integer NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"ward" text,
	"roll_year" integer NOT NULL,
	"houses" jsonb NOT NULL,
	"condos" jsonb NOT NULL,
	"homes" jsonb NOT NULL,
	"accounts" integer NOT NULL,
	"outline" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	CONSTRAINT "assessment_neighbourhoods_generation_neighbourhood_id_pk" PRIMARY KEY("generation","neighbourhood_id")
);
--> statement-breakpoint
CREATE TABLE "assessment_property_info" (
	"generation" integer NOT NULL,
	"account_number" text NOT NULL,
	"legal_description" text,
	"zoning" text,
	"lot_size" double precision,
	"total_gross_area" double precision,
	"year_built" integer,
	CONSTRAINT "assessment_property_info_generation_account_number_pk" PRIMARY KEY("generation","account_number")
);
--> statement-breakpoint
CREATE INDEX "assessment_accounts_match_idx" ON "assessment_accounts" USING btree ("generation","match_key");--> statement-breakpoint
CREATE INDEX "assessment_accounts_neighbourhood_idx" ON "assessment_accounts" USING btree ("generation","neighbourhood_id");--> statement-breakpoint
CREATE INDEX "assessment_neighbourhoods_slug_idx" ON "assessment_neighbourhoods" USING btree ("generation","slug");