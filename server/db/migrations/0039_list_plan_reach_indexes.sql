DROP INDEX "loans_imei_idx";--> statement-breakpoint
CREATE INDEX "loans_schedule_reach_idx" ON "loans" USING btree ((greatest("deposit_day", "first_due_date") + "term" * CASE WHEN "instalment_period" = 'weekly' THEN 7 ELSE 31 END));--> statement-breakpoint
CREATE INDEX "loans_imei_idx" ON "loans" USING btree ("imei","id");