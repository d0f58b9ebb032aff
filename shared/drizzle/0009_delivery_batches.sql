CREATE TABLE "batch_mails" (
	"batch_id" text NOT NULL,
	"recipient" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "batch_mails_batch_id_recipient_pk" PRIMARY KEY("batch_id","recipient")
);
--> statement-breakpoint
CREATE TABLE "delivery_batches" (
	"id" text PRIMARY KEY NOT NULL,
	"campus_id" text NOT NULL,
	"cutoff_at" timestamp with time zone NOT NULL,
	"delivery_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" text,
	CONSTRAINT "delivery_batches_times_check" CHECK ("delivery_batches"."delivery_at" > "delivery_batches"."cutoff_at")
);
--> statement-breakpoint
CREATE TABLE "order_notes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"text" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campuses" ADD COLUMN "delivery_slots" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "contact_email" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "batch_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "sheet_batch_id" text;--> statement-breakpoint
ALTER TABLE "batch_mails" ADD CONSTRAINT "batch_mails_batch_id_delivery_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."delivery_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_batches" ADD CONSTRAINT "delivery_batches_campus_id_campuses_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campuses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_notes" ADD CONSTRAINT "order_notes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_batches_campus_cutoff_key" ON "delivery_batches" USING btree ("campus_id","cutoff_at");--> statement-breakpoint
CREATE INDEX "delivery_batches_open_idx" ON "delivery_batches" USING btree ("cutoff_at") WHERE "delivery_batches"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "order_notes_order_idx" ON "order_notes" USING btree ("order_id","id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_batch_id_delivery_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."delivery_batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_batch_status_idx" ON "orders" USING btree ("batch_id","status");--> statement-breakpoint
CREATE INDEX "orders_sheet_batch_pending_idx" ON "orders" USING btree ("sheet_tab_name") WHERE "orders"."batch_id" is distinct from "orders"."sheet_batch_id";