CREATE TABLE "receipt_readings" (
	"order_id" text PRIMARY KEY NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	"outcome" text NOT NULL,
	"lines" jsonb NOT NULL,
	"reading" jsonb,
	"transaction_id" text
);
--> statement-breakpoint
ALTER TABLE "receipt_readings" ADD CONSTRAINT "receipt_readings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "receipt_readings_transaction_idx" ON "receipt_readings" USING btree ("transaction_id");