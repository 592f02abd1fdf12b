CREATE TABLE "inbox_challenges" (
	"challenge" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbox_invites" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"created_by" integer,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "inbox_passkeys" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"public_key" text NOT NULL,
	"counter" bigint DEFAULT 0 NOT NULL,
	"transports" text DEFAULT '[]' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "inbox_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"address" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "inbox_sign_ins" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inbox_sign_ins_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer,
	"email" text,
	"method" text NOT NULL,
	"ok" boolean NOT NULL,
	"reason" text,
	"address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbox_users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inbox_users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbox_users_email_normalised_check" CHECK ("inbox_users"."email" = lower(btrim("inbox_users"."email")))
);
--> statement-breakpoint
CREATE TABLE "people" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "people_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"status" text DEFAULT 'new' NOT NULL,
	"sources" text[] DEFAULT '{}'::text[] NOT NULL,
	"service_type" text,
	"preview" text,
	"search_text" text DEFAULT '' NOT NULL,
	"submissions" integer DEFAULT 0 NOT NULL,
	"first_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"awaiting_reply_since" timestamp with time zone,
	CONSTRAINT "people_email_normalised_check" CHECK ("people"."email" = lower(btrim("people"."email"))),
	CONSTRAINT "people_status_check" CHECK ("people"."status" in ('new', 'contacted', 'appointment', 'client', 'closed', 'not_interested', 'spam'))
);
--> statement-breakpoint
CREATE TABLE "person_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "person_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"person_id" integer NOT NULL,
	"kind" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"note" text,
	"author_id" integer,
	"author_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "person_events_kind_check" CHECK ("person_events"."kind" in ('status', 'note'))
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "consent_text" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "consent_version" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "client_address" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD COLUMN "person_id" integer;--> statement-breakpoint
ALTER TABLE "inbox_invites" ADD CONSTRAINT "inbox_invites_created_by_inbox_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."inbox_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_passkeys" ADD CONSTRAINT "inbox_passkeys_user_id_inbox_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."inbox_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_sessions" ADD CONSTRAINT "inbox_sessions_user_id_inbox_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."inbox_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_sign_ins" ADD CONSTRAINT "inbox_sign_ins_user_id_inbox_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."inbox_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_events" ADD CONSTRAINT "person_events_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_events" ADD CONSTRAINT "person_events_author_id_inbox_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."inbox_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbox_passkeys_user_idx" ON "inbox_passkeys" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "inbox_sessions_user_idx" ON "inbox_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "inbox_sign_ins_created_idx" ON "inbox_sign_ins" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "inbox_users_email_key" ON "inbox_users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "people_email_key" ON "people" USING btree ("email");--> statement-breakpoint
CREATE INDEX "people_activity_idx" ON "people" USING btree ("last_activity_at","id");--> statement-breakpoint
CREATE INDEX "people_status_activity_idx" ON "people" USING btree ("status","last_activity_at");--> statement-breakpoint
CREATE INDEX "person_events_person_idx" ON "person_events" USING btree ("person_id","created_at");--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD CONSTRAINT "notification_outbox_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_outbox_person_idx" ON "notification_outbox" USING btree ("person_id","created_at");--> statement-breakpoint
-- Written by hand (drizzle-kit does not generate functions): every submission's outbox row finds
-- or creates its person (one per trimmed, lower-cased e-mail), inside the submission's own
-- statement, so the inbox is never behind the forms and the forms' writes stay one statement.
CREATE FUNCTION "inbox_upsert_person"(submission jsonb, form_source text, at timestamptz) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  person_email text := lower(btrim(submission->>'email'));
  person_name text := btrim(coalesce(submission->>'fullName', submission->>'name', ''));
  person_phone text := nullif(btrim(coalesce(submission->>'phone', '')), '');
  said text := nullif(coalesce(submission->>'comments', submission->>'message'), '');
  person integer;
BEGIN
  INSERT INTO people AS p (email, name, phone, sources, service_type, preview, search_text, submissions, first_at, last_activity_at, awaiting_reply_since)
  VALUES (person_email, person_name, person_phone, ARRAY[form_source], submission->>'serviceType', said,
          lower(concat_ws(' ', person_name, person_email, person_phone, said)), 1, at, at, at)
  ON CONFLICT (email) DO UPDATE SET
    name = CASE WHEN excluded.name <> '' THEN excluded.name ELSE p.name END,
    phone = coalesce(excluded.phone, p.phone),
    sources = CASE WHEN form_source = ANY(p.sources) THEN p.sources ELSE p.sources || form_source END,
    service_type = coalesce(excluded.service_type, p.service_type),
    preview = coalesce(excluded.preview, p.preview),
    -- capped: a person who writes a thousand times stays searchable without an ever-growing row
    search_text = left(p.search_text || ' ' || excluded.search_text, 20000),
    submissions = p.submissions + 1,
    last_activity_at = greatest(p.last_activity_at, excluded.last_activity_at),
    awaiting_reply_since = coalesce(p.awaiting_reply_since, excluded.awaiting_reply_since)
  RETURNING id INTO person;
  RETURN person;
END $$;
--> statement-breakpoint
CREATE FUNCTION "inbox_person_for_submission"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.person_id IS NULL AND coalesce(btrim(NEW.payload->>'email'), '') <> '' THEN
    NEW.person_id := inbox_upsert_person(NEW.payload, NEW.source, NEW.created_at);
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "notification_outbox_person" BEFORE INSERT ON "notification_outbox" FOR EACH ROW EXECUTE FUNCTION inbox_person_for_submission();
--> statement-breakpoint
-- Submissions made before the inbox existed, oldest first.
DO $$
DECLARE r record;
BEGIN
  FOR r IN SELECT id, payload, source, created_at FROM notification_outbox WHERE person_id IS NULL ORDER BY created_at, id LOOP
    IF coalesce(btrim(r.payload->>'email'), '') <> '' THEN
      UPDATE notification_outbox SET person_id = inbox_upsert_person(r.payload, r.source, r.created_at) WHERE id = r.id;
    END IF;
  END LOOP;
END $$;
