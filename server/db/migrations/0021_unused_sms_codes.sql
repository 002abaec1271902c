ALTER TABLE "otps" ADD COLUMN "sms_id" integer;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "used_at" timestamp with time zone;