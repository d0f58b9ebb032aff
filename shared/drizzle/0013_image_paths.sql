-- Our own uploads are kept as their path ('/uploads/<id>.<ext>'), not a whole URL of the address
-- the app had then: the items and orders that show one of them first (matched by its upload's
-- row), then the uploads themselves. Whole URLs of other hosts (Cloudinary's, https photos) stay.
UPDATE "menu_items" SET "photo_url" = regexp_replace("menu_items"."photo_url", '^https?://[^/]+', '')
FROM "uploads" WHERE "uploads"."store" = 'local' AND "uploads"."url" = "menu_items"."photo_url";--> statement-breakpoint
UPDATE "mart_items" SET "photo_url" = regexp_replace("mart_items"."photo_url", '^https?://[^/]+', '')
FROM "uploads" WHERE "uploads"."store" = 'local' AND "uploads"."url" = "mart_items"."photo_url";--> statement-breakpoint
UPDATE "orders" SET "screenshot_url" = regexp_replace("orders"."screenshot_url", '^https?://[^/]+', '')
FROM "uploads" WHERE "uploads"."store" = 'local' AND "uploads"."url" = "orders"."screenshot_url";--> statement-breakpoint
UPDATE "uploads" SET "url" = regexp_replace("url", '^https?://[^/]+', '') WHERE "store" = 'local';
