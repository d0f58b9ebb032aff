ALTER TABLE "uploads" ADD COLUMN "sha256" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "perceptual" bit(2048);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "screenshot_sha256" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "screenshot_perceptual" bit(2048);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "duplicate_of" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_screenshot_sha256_idx" ON "orders" USING btree ("screenshot_sha256");