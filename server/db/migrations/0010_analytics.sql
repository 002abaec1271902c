ALTER TABLE "stores" ADD COLUMN "branded" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "loans_agent_idx" ON "loans" USING btree ("agent_admin_id");--> statement-breakpoint
CREATE INDEX "transactions_deposit_idx" ON "transactions" USING btree ("loan_id","paid_at") WHERE "transactions"."kind" = 'deposit';