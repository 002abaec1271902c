CREATE INDEX "kyc_submissions_decided_idx" ON "kyc_submissions" USING btree ("status","decided_at","id");--> statement-breakpoint
CREATE INDEX "reconciliation_uploads_rows_idx" ON "reconciliation_uploads" USING btree ("rows","id");--> statement-breakpoint
CREATE INDEX "reconciliation_uploads_amount_idx" ON "reconciliation_uploads" USING btree ("amount_recorded","id");--> statement-breakpoint
CREATE INDEX "tpi_reversals_decided_idx" ON "tpi_reversals" USING btree ("status","decided_at","id");