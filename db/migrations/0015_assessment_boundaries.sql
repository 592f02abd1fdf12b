CREATE TABLE "assessment_boundaries" (
	"generation" integer NOT NULL,
	"neighbourhood_id" integer NOT NULL,
	"name" text NOT NULL,
	"polygons" jsonb NOT NULL,
	"west" double precision NOT NULL,
	"south" double precision NOT NULL,
	"east" double precision NOT NULL,
	"north" double precision NOT NULL,
	CONSTRAINT "assessment_boundaries_generation_neighbourhood_id_pk" PRIMARY KEY("generation","neighbourhood_id")
);
--> statement-breakpoint
ALTER TABLE "assessment_neighbourhoods" ADD COLUMN "year_totals" jsonb;