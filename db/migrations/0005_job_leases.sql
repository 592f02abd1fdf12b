CREATE TABLE "job_leases" (
	"name" text PRIMARY KEY NOT NULL,
	"lease_owner" text NOT NULL,
	"lease_until" timestamp with time zone NOT NULL,
	"taken_at" timestamp with time zone NOT NULL
);
