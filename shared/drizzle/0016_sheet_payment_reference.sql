DROP INDEX "orders_sheet_batch_pending_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "sheet_payment_reference" text;--> statement-breakpoint
CREATE INDEX "orders_sheet_batch_pending_idx" ON "orders" USING btree ("sheet_tab_name") WHERE "orders"."batch_id" is distinct from "orders"."sheet_batch_id" or "orders"."payment_reference" is distinct from "orders"."sheet_payment_reference";