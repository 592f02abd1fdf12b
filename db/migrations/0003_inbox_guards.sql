CREATE TABLE "inbox_devices" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbox_sign_in_tallies" (
	"day" date NOT NULL,
	"method" text NOT NULL,
	"throttled" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "inbox_sign_in_tallies_day_method_pk" PRIMARY KEY("day","method")
);
--> statement-breakpoint
ALTER TABLE "inbox_devices" ADD CONSTRAINT "inbox_devices_user_id_inbox_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."inbox_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbox_devices_user_idx" ON "inbox_devices" USING btree ("user_id","last_used_at");--> statement-breakpoint
CREATE INDEX "inbox_challenges_expires_idx" ON "inbox_challenges" USING btree ("expires_at");