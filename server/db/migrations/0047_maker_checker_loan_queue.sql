-- The maker-checker queue (v1) lists the loan kinds together: by status and its order, ties by id,
-- a walk of these instead of the three kinds' rows of that status merged and sorted
-- (server/db/schema/loans.ts; the queue in server/domain/approvals/queues.ts).
CREATE INDEX "approval_requests_loan_queue_idx" ON "approval_requests" USING btree ("status","created_at","id") WHERE "approval_requests"."kind" IN ('deregistration', 'imei_change', 'loan_transfer');--> statement-breakpoint
CREATE INDEX "approval_requests_loan_decided_idx" ON "approval_requests" USING btree ("status","decided_at","id") WHERE "approval_requests"."kind" IN ('deregistration', 'imei_change', 'loan_transfer');