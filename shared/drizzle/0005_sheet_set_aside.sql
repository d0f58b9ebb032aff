ALTER TABLE "orders" ADD COLUMN "sheet_set_aside_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "sheet_set_aside_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "sheet_write_alone" boolean DEFAULT false NOT NULL;