ALTER TYPE "public"."sales_exit_reason" ADD VALUE 'reservation_expired';--> statement-breakpoint
CREATE INDEX "loans_draft_created_idx" ON "loans" USING btree ("created_at") WHERE "loans"."status" = 'draft';--> statement-breakpoint
-- A loan whose balance a payment brings to 0 is paid off: `completed`, in the paying transaction,
-- whoever writes the payment (a suspense assignment, a statement import's batch update). The move
-- is audited here as `loans.complete`, at the write's own time (`updated_at`, the server's clock);
-- the payment's own event in the same transaction names who made it.
CREATE FUNCTION loans_paid_off() RETURNS trigger AS $$
BEGIN
    NEW.status := 'completed';
    INSERT INTO audit_events (action, entity, entity_id, before, after, at)
    VALUES (
        'loans.complete', 'loans', NEW.id::text,
        jsonb_build_object('status', OLD.status, 'balance', OLD.balance),
        jsonb_build_object('status', 'completed', 'balance', NEW.balance, 'reason', 'paid_off', 'loan_reference', NEW.loan_reference),
        NEW.updated_at
    );
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER loans_paid_off BEFORE UPDATE OF balance ON loans
    FOR EACH ROW WHEN (NEW.status = 'active' AND NEW.balance <= 0 AND OLD.balance > 0)
    EXECUTE FUNCTION loans_paid_off();
--> statement-breakpoint
-- Loans paid off before this rule (the demo's LPP-000008 among them) were left `active` at 0.
INSERT INTO audit_events (action, entity, entity_id, before, after, at)
SELECT 'loans.complete', 'loans', id::text,
       jsonb_build_object('status', status, 'balance', balance),
       jsonb_build_object('status', 'completed', 'balance', balance, 'reason', 'paid_off_before_migration_0022', 'loan_reference', loan_reference),
       now()
FROM loans WHERE status = 'active' AND balance <= 0;
--> statement-breakpoint
UPDATE loans SET status = 'completed' WHERE status = 'active' AND balance <= 0;
