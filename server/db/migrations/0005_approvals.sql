-- Hand-edited: the kind type is rebuilt rather than given a value with ADD VALUE, because the
-- migrator runs in one transaction and a value added that way cannot be used (check, backfill)
-- before it commits.
ALTER TYPE "public"."approval_kind" RENAME TO "approval_kind_old";--> statement-breakpoint
CREATE TYPE "public"."approval_kind" AS ENUM('deregistration', 'imei_change', 'loan_transfer', 'agent_registration');--> statement-breakpoint
ALTER TABLE "approval_requests" ALTER COLUMN "kind" SET DATA TYPE "public"."approval_kind" USING "kind"::text::"public"."approval_kind";--> statement-breakpoint
DROP TYPE "public"."approval_kind_old";--> statement-breakpoint
DROP INDEX "approval_requests_one_pending_key";--> statement-breakpoint
ALTER TABLE "approval_requests" ALTER COLUMN "loan_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "approval_requests" ALTER COLUMN "customer_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD COLUMN "subject_admin_id" integer;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD COLUMN "entity_key" text GENERATED ALWAYS AS (CASE WHEN loan_id IS NOT NULL THEN 'loan:' || loan_id::text ELSE 'admin:' || subject_admin_id::text END) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD COLUMN "store_id" integer;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_subject_admin_id_admins_id_fk" FOREIGN KEY ("subject_admin_id") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approval_requests_store_queue_idx" ON "approval_requests" USING btree ("store_id","kind","status","created_at");--> statement-breakpoint
CREATE INDEX "approval_requests_decided_idx" ON "approval_requests" USING btree ("kind","status","decided_at");--> statement-breakpoint
CREATE INDEX "approval_requests_maker_idx" ON "approval_requests" USING btree ("maker_admin_id","status","created_at");--> statement-breakpoint
CREATE INDEX "approval_requests_pending_loan_idx" ON "approval_requests" USING btree ("loan_id") WHERE "approval_requests"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "approval_requests_one_pending_key" ON "approval_requests" USING btree ("kind","entity_key") WHERE "approval_requests"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_subject_check" CHECK (CASE WHEN "approval_requests"."kind" = 'agent_registration' THEN "approval_requests"."subject_admin_id" IS NOT NULL AND "approval_requests"."loan_id" IS NULL ELSE "approval_requests"."loan_id" IS NOT NULL AND "approval_requests"."customer_id" IS NOT NULL END);--> statement-breakpoint
-- Hand-edited: the self-registered agents already waiting get their request, made by themselves.
INSERT INTO "approval_requests" ("kind", "subject_admin_id", "store_id", "change", "reason", "maker_admin_id", "created_at")
SELECT 'agent_registration', a."id", a."store_id",
       jsonb_build_object('username', a."username", 'store_name', coalesce(s."name", '')),
       'Agent self-registration', a."id", a."created_at"
FROM "admins" a LEFT JOIN "stores" s ON s."id" = a."store_id"
WHERE a."status" = 'pending_approval'
ON CONFLICT DO NOTHING;
