ALTER TABLE "notification_outbox" DROP CONSTRAINT "notification_outbox_kind_check";--> statement-breakpoint
ALTER TABLE "alert_subscriptions" DROP CONSTRAINT "alert_subscriptions_kind_check";--> statement-breakpoint
ALTER TABLE "alert_subscriptions" DROP CONSTRAINT "alert_subscriptions_frequency_check";--> statement-breakpoint
ALTER TABLE "alert_subscriptions" DROP CONSTRAINT "alert_subscriptions_watch_check";--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD CONSTRAINT "notification_outbox_kind_check" CHECK ("notification_outbox"."kind" in ('lead', 'contact', 'showing', 'acknowledgement', 'reminder', 'summary', 'confirmation', 'alert', 'warming', 'health', 'showing-reminder', 'invitation', 'home-report'));--> statement-breakpoint
ALTER TABLE "alert_subscriptions" ADD CONSTRAINT "alert_subscriptions_kind_check" CHECK ("alert_subscriptions"."kind" in ('search', 'watch', 'home'));--> statement-breakpoint
ALTER TABLE "alert_subscriptions" ADD CONSTRAINT "alert_subscriptions_frequency_check" CHECK ("alert_subscriptions"."frequency" in ('instant', 'daily', 'weekly', 'monthly'));--> statement-breakpoint
ALTER TABLE "alert_subscriptions" ADD CONSTRAINT "alert_subscriptions_watch_check" CHECK (("alert_subscriptions"."kind" in ('watch', 'home')) = ("alert_subscriptions"."listing_key" is not null));