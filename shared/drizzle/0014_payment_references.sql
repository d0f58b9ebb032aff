CREATE TABLE "payment_references" (
	"campus_id" text NOT NULL,
	"code" text NOT NULL,
	"user_id" text,
	"order_id" text,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_references_pkey" PRIMARY KEY("campus_id","code"),
	CONSTRAINT "payment_references_order_key" UNIQUE("order_id")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_reference" text;--> statement-breakpoint
-- Orders placed before references existed get one each: the order's number within its campus,
-- oldest first, in five characters of the reference alphabet (shared/domain/payment-reference.ts),
-- so they are unique per campus by construction. New references are random and skip taken ones.
WITH "numbered" AS (
  SELECT "id", row_number() OVER (PARTITION BY "campus_id" ORDER BY "placed_at", "id") - 1 AS "n"
  FROM "orders"
)
UPDATE "orders" SET "payment_reference" = 'CB-' ||
  substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', ("numbered"."n" / 923521 % 31)::int + 1, 1) ||
  substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', ("numbered"."n" / 29791 % 31)::int + 1, 1) ||
  substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', ("numbered"."n" / 961 % 31)::int + 1, 1) ||
  substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', ("numbered"."n" / 31 % 31)::int + 1, 1) ||
  substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', ("numbered"."n" % 31)::int + 1, 1)
FROM "numbered" WHERE "numbered"."id" = "orders"."id";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "payment_reference" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_references" ADD CONSTRAINT "payment_references_campus_id_campuses_id_fk" FOREIGN KEY ("campus_id") REFERENCES "public"."campuses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_references" ADD CONSTRAINT "payment_references_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_references" ADD CONSTRAINT "payment_references_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_references_open_idx" ON "payment_references" USING btree ("user_id","campus_id") WHERE "payment_references"."order_id" is null;--> statement-breakpoint
CREATE INDEX "orders_payment_reference_idx" ON "orders" USING btree ("payment_reference");--> statement-breakpoint
INSERT INTO "payment_references" ("campus_id", "code", "user_id", "order_id", "issued_at")
SELECT "campus_id", "payment_reference", "user_id", "id", "placed_at" FROM "orders"
WHERE "campus_id" IS NOT NULL;
