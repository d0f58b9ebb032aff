CREATE TABLE "delivery_places" (
	"id" text PRIMARY KEY NOT NULL,
	"campus_id" text NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "place_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "place_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_places" ADD CONSTRAINT "delivery_places_campus_id_campuses_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campuses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_places_campus_name_key" ON "delivery_places" USING btree ("campus_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_places_campus_code_key" ON "delivery_places" USING btree ("campus_id","code");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_place_id_delivery_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."delivery_places"("id") ON DELETE set null ON UPDATE no action;