-- A search for part of a name, phone number or reference, from indexes (server/domain/records/search.ts):
-- the trigrams of the customers' names and numbers, the loans' references, the ID numbers of KYC
-- submissions and the insurers' references, and the foreign keys a search's rows are found by.
CREATE INDEX "customers_name_trgm_idx" ON "customers" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_msisdn_trgm_idx" ON "customers" USING gin ("msisdn" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "approval_requests_loan_idx" ON "approval_requests" USING btree ("loan_id");--> statement-breakpoint
CREATE INDEX "approval_requests_customer_idx" ON "approval_requests" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "approval_requests_subject_idx" ON "approval_requests" USING btree ("subject_admin_id");--> statement-breakpoint
CREATE INDEX "loans_reference_trgm_idx" ON "loans" USING gin ("loan_reference" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "kyc_submissions_id_number_trgm_idx" ON "kyc_submissions" USING gin ("id_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tpi_claims_insurer_reference_trgm_idx" ON "tpi_claims" USING gin ("insurer_reference" gin_trgm_ops);