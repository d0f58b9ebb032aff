CREATE TABLE "allowed_domains" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"domain" text NOT NULL,
	"university_id" text NOT NULL,
	"campus_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "allowed_domains_domain_check" CHECK ("allowed_domains"."domain" like '@%' and "allowed_domains"."domain" = lower("allowed_domains"."domain"))
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_id" text,
	"actor_role" text,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campuses" (
	"id" text PRIMARY KEY NOT NULL,
	"university_id" text NOT NULL,
	"name" text NOT NULL,
	"location" text,
	"time_zone" text DEFAULT 'Asia/Karachi' NOT NULL,
	"pay_to_account_title" text,
	"pay_to_bank_name" text,
	"pay_to_account_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campuses_id_university_key" UNIQUE("id","university_id")
);
--> statement-breakpoint
CREATE TABLE "mart_items" (
	"id" text PRIMARY KEY NOT NULL,
	"campus_id" text NOT NULL,
	"name" text NOT NULL,
	"price_paisa" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"photo_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mart_items_price_check" CHECK ("mart_items"."price_paisa" >= 0)
);
--> statement-breakpoint
CREATE TABLE "menu_items" (
	"id" text PRIMARY KEY NOT NULL,
	"restaurant_id" text NOT NULL,
	"name" text NOT NULL,
	"price_paisa" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"photo_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "menu_items_price_check" CHECK ("menu_items"."price_paisa" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"menu_item_id" text,
	"mart_item_id" text,
	"restaurant_id" text,
	"restaurant_name" text NOT NULL,
	"name" text NOT NULL,
	"unit_price_paisa" integer NOT NULL,
	"quantity" integer NOT NULL,
	"line_total_paisa" integer NOT NULL,
	CONSTRAINT "order_lines_quantity_check" CHECK ("order_lines"."quantity" >= 1),
	CONSTRAINT "order_lines_total_check" CHECK ("order_lines"."line_total_paisa" = "order_lines"."unit_price_paisa" * "order_lines"."quantity")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text,
	"idempotency_key" text NOT NULL,
	"university_id" text,
	"campus_id" text,
	"university_name" text NOT NULL,
	"campus_name" text NOT NULL,
	"sheet_tab_name" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"room" text DEFAULT '' NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"persons" integer NOT NULL,
	"payment_method" text DEFAULT 'Online Payment' NOT NULL,
	"account_title" text NOT NULL,
	"bank_name" text NOT NULL,
	"special_instruction" text DEFAULT '' NOT NULL,
	"item_total_paisa" integer NOT NULL,
	"delivery_charge_paisa" integer NOT NULL,
	"grand_total_paisa" integer NOT NULL,
	"screenshot_url" text NOT NULL,
	"cart_items_text" text NOT NULL,
	"timestamp_text" text NOT NULL,
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_campus_pair_check" CHECK (("orders"."university_id" is null) = ("orders"."campus_id" is null)),
	CONSTRAINT "orders_persons_check" CHECK ("orders"."persons" >= 1),
	CONSTRAINT "orders_totals_check" CHECK ("orders"."grand_total_paisa" = "orders"."item_total_paisa" + "orders"."delivery_charge_paisa")
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"job_name" text NOT NULL,
	"job_id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"enqueued_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "restaurants" (
	"id" text PRIMARY KEY NOT NULL,
	"campus_id" text NOT NULL,
	"name" text NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"cuisine" text DEFAULT '' NOT NULL,
	"open_time" text DEFAULT '10:00 AM' NOT NULL,
	"close_time" text DEFAULT '10:00 PM' NOT NULL,
	"is_24x7" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sheet_rows" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"sheet_id" integer NOT NULL,
	"order_id" text,
	"cells" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sheet_tabs" (
	"sheet_id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"university_id" text,
	"campus_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "universities" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"store" text NOT NULL,
	"url" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"uploaded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"university_id" text,
	"campus_id" text,
	"university_name" text DEFAULT '' NOT NULL,
	"campus_name" text DEFAULT '' NOT NULL,
	"role" text DEFAULT 'user' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_campus_pair_check" CHECK (("users"."university_id" is null) = ("users"."campus_id" is null)),
	CONSTRAINT "users_role_check" CHECK (role in ('user', 'campusAdmin', 'superAdmin'))
);
--> statement-breakpoint
ALTER TABLE "allowed_domains" ADD CONSTRAINT "allowed_domains_university_id_universities_id_fk" FOREIGN KEY ("university_id") REFERENCES "public"."universities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allowed_domains" ADD CONSTRAINT "allowed_domains_campus_fk" FOREIGN KEY ("campus_id","university_id") REFERENCES "public"."campuses"("id","university_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campuses" ADD CONSTRAINT "campuses_university_id_universities_id_fk" FOREIGN KEY ("university_id") REFERENCES "public"."universities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mart_items" ADD CONSTRAINT "mart_items_campus_id_campuses_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campuses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_menu_item_id_menu_items_id_fk" FOREIGN KEY ("menu_item_id") REFERENCES "public"."menu_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_mart_item_id_mart_items_id_fk" FOREIGN KEY ("mart_item_id") REFERENCES "public"."mart_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_campus_fk" FOREIGN KEY ("campus_id","university_id") REFERENCES "public"."campuses"("id","university_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restaurants" ADD CONSTRAINT "restaurants_campus_id_campuses_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campuses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sheet_rows" ADD CONSTRAINT "sheet_rows_sheet_id_sheet_tabs_sheet_id_fk" FOREIGN KEY ("sheet_id") REFERENCES "public"."sheet_tabs"("sheet_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sheet_tabs" ADD CONSTRAINT "sheet_tabs_university_id_universities_id_fk" FOREIGN KEY ("university_id") REFERENCES "public"."universities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sheet_tabs" ADD CONSTRAINT "sheet_tabs_campus_id_campuses_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campuses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_campus_fk" FOREIGN KEY ("campus_id","university_id") REFERENCES "public"."campuses"("id","university_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "allowed_domains_campus_domain_key" ON "allowed_domains" USING btree ("campus_id","domain");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "campuses_university_name_key" ON "campuses" USING btree ("university_id",lower("name"));--> statement-breakpoint
CREATE INDEX "mart_items_campus_idx" ON "mart_items" USING btree ("campus_id");--> statement-breakpoint
CREATE INDEX "menu_items_restaurant_idx" ON "menu_items" USING btree ("restaurant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_lines_order_position_key" ON "order_lines" USING btree ("order_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_user_idempotency_key" ON "orders" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "orders_campus_idx" ON "orders" USING btree ("campus_id");--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_job_id_key" ON "outbox" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "outbox_pending_idx" ON "outbox" USING btree ("created_at") WHERE "outbox"."enqueued_at" is null;--> statement-breakpoint
CREATE INDEX "restaurants_campus_idx" ON "restaurants" USING btree ("campus_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sheet_rows_sheet_order_key" ON "sheet_rows" USING btree ("sheet_id","order_id");--> statement-breakpoint
CREATE INDEX "sheet_rows_sheet_idx" ON "sheet_rows" USING btree ("sheet_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sheet_tabs_name_key" ON "sheet_tabs" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "universities_name_key" ON "universities" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_campus_idx" ON "users" USING btree ("campus_id");