ALTER TABLE "sheet_tabs" DROP CONSTRAINT "sheet_tabs_university_id_universities_id_fk";
--> statement-breakpoint
ALTER TABLE "sheet_tabs" DROP CONSTRAINT "sheet_tabs_campus_id_campuses_id_fk";
--> statement-breakpoint
DROP INDEX "sheet_rows_sheet_order_key";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "sheet_write_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "sheet_appended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "student_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "admins_notified_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_sheet_pending_idx" ON "orders" USING btree ("sheet_tab_name","placed_at") WHERE "orders"."sheet_appended_at" is null;--> statement-breakpoint
ALTER TABLE "sheet_rows" DROP COLUMN "order_id";--> statement-breakpoint
ALTER TABLE "sheet_tabs" DROP COLUMN "university_id";--> statement-breakpoint
ALTER TABLE "sheet_tabs" DROP COLUMN "campus_id";--> statement-breakpoint
ALTER TABLE "sheet_tabs" ADD COLUMN "header" jsonb DEFAULT '[]'::jsonb NOT NULL;