DROP INDEX "kyc_submissions_queue_idx";--> statement-breakpoint
CREATE INDEX "kyc_submissions_queue_idx" ON "kyc_submissions" USING btree ("status","created_at","id");