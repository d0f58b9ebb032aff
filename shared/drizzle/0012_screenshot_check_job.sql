ALTER TABLE "orders" ADD COLUMN "screenshot_checked_at" timestamp with time zone;--> statement-breakpoint
-- Orders placed before the check became a job were checked as they were placed.
UPDATE "orders" SET "screenshot_checked_at" = "placed_at";--> statement-breakpoint
CREATE INDEX "orders_screenshot_pending_idx" ON "orders" USING btree ("placed_at") WHERE "orders"."screenshot_checked_at" is null;