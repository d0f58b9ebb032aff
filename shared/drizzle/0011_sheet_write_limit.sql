ALTER TABLE "orders" ADD COLUMN "sheet_write_limit" integer;--> statement-breakpoint
UPDATE "orders" SET "sheet_write_limit" = 1 WHERE "sheet_write_alone";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "sheet_write_alone";
