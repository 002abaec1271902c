CREATE TYPE "public"."lock_reason" AS ENUM('arrears', 'staff');--> statement-breakpoint
CREATE TYPE "public"."reminder_kind" AS ENUM('before_due', 'after_miss');--> statement-breakpoint
CREATE TABLE "lending_job" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"leased_by" text,
	"lease_until" timestamp with time zone,
	"full_pass_at" timestamp with time zone,
	CONSTRAINT "lending_job_one_row" CHECK ("lending_job"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "lending_marks" (
	"loan_id" integer PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lending_reminders" (
	"loan_id" integer NOT NULL,
	"instalment" integer NOT NULL,
	"kind" "reminder_kind" NOT NULL,
	"due_date" date NOT NULL,
	"sms_id" integer,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lending_reminders_key" UNIQUE("loan_id","instalment","kind")
);
--> statement-breakpoint
CREATE TABLE "lock_policies" (
	"lock_solution" "lock_solution" PRIMARY KEY NOT NULL,
	"lock_after_days" integer DEFAULT 3 NOT NULL,
	"reminders" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_admin_id" integer,
	CONSTRAINT "lock_policies_days_check" CHECK ("lock_policies"."lock_after_days" BETWEEN 1 AND 90)
);
--> statement-breakpoint
ALTER TABLE "device_locks" ADD COLUMN "lock_reason" "lock_reason";--> statement-breakpoint
ALTER TABLE "lending_marks" ADD CONSTRAINT "lending_marks_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lending_reminders" ADD CONSTRAINT "lending_reminders_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lending_reminders" ADD CONSTRAINT "lending_reminders_sms_id_sms_outbox_id_fk" FOREIGN KEY ("sms_id") REFERENCES "public"."sms_outbox"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lock_policies" ADD CONSTRAINT "lock_policies_updated_by_admin_id_admins_id_fk" FOREIGN KEY ("updated_by_admin_id") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Every lock solution starts with the defaults (server/domain/lending/policy.ts reads a missing one as them too).
INSERT INTO "lock_policies" ("lock_solution")
SELECT unnest(enum_range(NULL::"lock_solution"));
--> statement-breakpoint
INSERT INTO "lending_job" ("id") VALUES (1);
--> statement-breakpoint
-- Phones locked before the policy existed were locked by staff: the job unlocks only what it locked.
UPDATE "device_locks" SET "lock_reason" = 'staff'
WHERE "state" IN ('locking', 'locked') OR ("state" = 'failed' AND "confirmed_state" = 'locked');
--> statement-breakpoint
-- A payment recorded, moved or removed on a loan marks the loan for the lending job's next pass
-- (server/domain/lending/job.ts), whoever writes it: a statement import, a suspense assignment,
-- an insurance claim or its reversal, a deposit, another backend. One statement at a time (a
-- statement import's batch of 500 rows marks each loan once), in loan order so two writers take
-- the marks' rows in the same order.
CREATE FUNCTION lending_marks_payments() RETURNS trigger AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO lending_marks AS m (loan_id)
        SELECT DISTINCT loan_id FROM new_rows WHERE loan_id IS NOT NULL ORDER BY 1
        ON CONFLICT (loan_id) DO UPDATE SET version = m.version + 1;
    ELSIF TG_OP = 'DELETE' THEN
        INSERT INTO lending_marks AS m (loan_id)
        SELECT DISTINCT loan_id FROM old_rows WHERE loan_id IS NOT NULL ORDER BY 1
        ON CONFLICT (loan_id) DO UPDATE SET version = m.version + 1;
    ELSE
        INSERT INTO lending_marks AS m (loan_id)
        SELECT DISTINCT loan_id FROM (
            SELECT n.loan_id FROM new_rows n
            UNION ALL
            SELECT o.loan_id FROM old_rows o
        ) AS touched WHERE loan_id IS NOT NULL ORDER BY 1
        ON CONFLICT (loan_id) DO UPDATE SET version = m.version + 1;
    END IF;
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER transactions_mark_lending_insert AFTER INSERT ON transactions
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lending_marks_payments();
--> statement-breakpoint
CREATE TRIGGER transactions_mark_lending_update AFTER UPDATE ON transactions
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lending_marks_payments();
--> statement-breakpoint
CREATE TRIGGER transactions_mark_lending_delete AFTER DELETE ON transactions
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION lending_marks_payments();
