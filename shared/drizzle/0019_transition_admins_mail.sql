ALTER TABLE "order_transitions" ADD COLUMN "admins_notified_at" timestamp with time zone;--> statement-breakpoint
-- Cancellations made before the admins' mail existed are not mailed now.
UPDATE "order_transitions" SET "admins_notified_at" = "at" WHERE "action" = 'cancel';
