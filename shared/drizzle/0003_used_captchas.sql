CREATE TABLE "used_captchas" (
	"nonce" text PRIMARY KEY NOT NULL,
	"submission" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "used_captchas_expires_idx" ON "used_captchas" USING btree ("expires_at");