CREATE TABLE "statement_credits" (
	"id" text PRIMARY KEY NOT NULL,
	"campus_id" text NOT NULL,
	"row_key" text NOT NULL,
	"credited_on" text NOT NULL,
	"credited_at" text,
	"amount_paisa" integer NOT NULL,
	"description" text NOT NULL,
	"transaction_id" text NOT NULL,
	"references" jsonb NOT NULL,
	"order_id" text,
	"matched_by" text,
	"imported_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statement_mappings" (
	"campus_id" text PRIMARY KEY NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "statement_credits" ADD CONSTRAINT "statement_credits_campus_id_campuses_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campuses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_credits" ADD CONSTRAINT "statement_credits_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_credits" ADD CONSTRAINT "statement_credits_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_mappings" ADD CONSTRAINT "statement_mappings_campus_id_campuses_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campuses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "statement_credits_row_idx" ON "statement_credits" USING btree ("campus_id","row_key");--> statement-breakpoint
CREATE UNIQUE INDEX "statement_credits_order_idx" ON "statement_credits" USING btree ("order_id") WHERE "statement_credits"."order_id" is not null;--> statement-breakpoint
CREATE INDEX "statement_credits_open_idx" ON "statement_credits" USING btree ("campus_id","credited_on") WHERE "statement_credits"."order_id" is null;