ALTER TABLE "kyc_images" ALTER COLUMN "content" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "kyc_images" ADD COLUMN "stored_as" text;--> statement-breakpoint
CREATE INDEX "kyc_images_unattached_idx" ON "kyc_images" USING btree ("created_at") WHERE "kyc_images"."customer_id" IS NULL;--> statement-breakpoint
ALTER TABLE "kyc_images" ADD CONSTRAINT "kyc_images_bytes_somewhere" CHECK (("kyc_images"."content" IS NULL) <> ("kyc_images"."stored_as" IS NULL));