CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sign_in_attempts" ADD COLUMN "device" text;--> statement-breakpoint
CREATE INDEX "sign_in_attempts_device_at_idx" ON "sign_in_attempts" USING btree ("device","at");