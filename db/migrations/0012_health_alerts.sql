-- Health alerts to the agent (issue 41, decision 048): one state row per watched problem, and "health" as a kind of mail and of push.
CREATE TABLE "health_alerts" (
	"problem" text PRIMARY KEY NOT NULL,
	"failing_since" timestamp with time zone,
	"alerted_at" timestamp with time zone,
	"cleared_at" timestamp with time zone,
	"detail" text,
	"checked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "notification_outbox" DROP CONSTRAINT "notification_outbox_kind_check";--> statement-breakpoint
ALTER TABLE "push_messages" DROP CONSTRAINT "push_messages_kind_check";--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD CONSTRAINT "notification_outbox_kind_check" CHECK ("notification_outbox"."kind" in ('lead', 'contact', 'acknowledgement', 'reminder', 'summary', 'confirmation', 'alert', 'warming', 'health'));--> statement-breakpoint
ALTER TABLE "push_messages" ADD CONSTRAINT "push_messages_kind_check" CHECK ("push_messages"."kind" in ('lead', 'test', 'reminder', 'warming', 'health'));