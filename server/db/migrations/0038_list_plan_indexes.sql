CREATE INDEX "device_locks_state_idx" ON "device_locks" USING btree ("state","loan_id");--> statement-breakpoint
CREATE INDEX "device_locks_requested_idx" ON "device_locks" USING btree ("requested_state","lock_solution");--> statement-breakpoint
CREATE INDEX "device_locks_failed_idx" ON "device_locks" USING btree ("updated_at","lock_solution") WHERE "device_locks"."failure_reason" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "sms_outbox_created_idx" ON "sms_outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "tpi_claims_amount_idx" ON "tpi_claims" USING btree ("status","amount","id");--> statement-breakpoint
CREATE INDEX "transactions_channel_paid_idx" ON "transactions" USING btree ("channel","paid_at","id");--> statement-breakpoint
CREATE INDEX "transactions_kind_paid_idx" ON "transactions" USING btree ("kind","paid_at","id");--> statement-breakpoint
CREATE INDEX "transactions_matched_paid_idx" ON "transactions" USING btree ("paid_at","id") WHERE "transactions"."loan_id" IS NOT NULL;