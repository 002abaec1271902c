ALTER TABLE "reconciliation_uploads" ADD COLUMN "pending" "bytea";--> statement-breakpoint
ALTER TABLE "reconciliation_uploads" ADD COLUMN "batches_done" integer DEFAULT 0 NOT NULL;