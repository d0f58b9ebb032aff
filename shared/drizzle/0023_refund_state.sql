ALTER TABLE "orders" ADD COLUMN "refund_state" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "sheet_refund_state" text;--> statement-breakpoint
CREATE INDEX "orders_sheet_refund_pending_idx" ON "orders" USING btree ("sheet_tab_name") WHERE "orders"."refund_state" is distinct from "orders"."sheet_refund_state";--> statement-breakpoint
-- The refunds recorded before: their orders' Status cells are behind until the sheet job writes them.
UPDATE "orders" SET "refund_state" = "refunds"."state" FROM "refunds" WHERE "refunds"."order_id" = "orders"."id";
