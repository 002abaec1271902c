CREATE TABLE "idempotency_keys" (
	"admin_id" integer NOT NULL,
	"key_sha256" text NOT NULL,
	"request" text NOT NULL,
	"status" integer,
	"answer" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY("admin_id","key_sha256")
);
--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");