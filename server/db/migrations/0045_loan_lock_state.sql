-- Each loan's phone's lock state, kept on the loan (server/db/schema/loans.ts `lock_state`): the
-- collections queue filters the loans in arrears by it along loans_lock_arrears_idx instead of
-- joining every loan in arrears to its lock and keeping the few in that state
-- (server/domain/lending/collections.ts).
-- Read by nothing now: the lock-state filter was its one reader.
DROP INDEX "device_locks_state_idx";--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "lock_state" "device_state";--> statement-breakpoint
UPDATE "loans" l SET "lock_state" = d.state FROM "device_locks" d WHERE d.loan_id = l.id;--> statement-breakpoint
-- The collections queue's indexes carry the terms their due date is worked out from (INCLUDE,
-- which drizzle's schema cannot say; server/db/schema/loans.ts names their key columns). The
-- planner reads an index alone (an index-only scan) only when every column the query names is in
-- it, and the due date names the terms: without them a deep page fetched each skipped loan's row
-- (or sorted every loan in arrears instead), and a page by the amount overdue read every such row.
DROP INDEX "loans_arrears_idx";--> statement-breakpoint
DROP INDEX "loans_store_arrears_idx";--> statement-breakpoint
DROP INDEX "loans_last_paid_idx";--> statement-breakpoint
CREATE INDEX "loans_arrears_idx" ON "loans" USING btree ((CASE WHEN "instalment" > 0 AND ("price" - "deposit" - "balance") < "term" * "instalment"
              THEN CASE WHEN "instalment_period" = 'weekly'
                        THEN "first_due_date" + 7 * greatest(0, floor(("price" - "deposit" - "balance") / "instalment"))::int
                        ELSE ("first_due_date" + make_interval(months => greatest(0, floor(("price" - "deposit" - "balance") / "instalment"))::int))::date END END),"id") INCLUDE ("instalment", "price", "deposit", "balance", "term", "instalment_period", "first_due_date") WHERE "loans"."status" = 'active';--> statement-breakpoint
CREATE INDEX "loans_store_arrears_idx" ON "loans" USING btree ("store_id",(CASE WHEN "instalment" > 0 AND ("price" - "deposit" - "balance") < "term" * "instalment"
              THEN CASE WHEN "instalment_period" = 'weekly'
                        THEN "first_due_date" + 7 * greatest(0, floor(("price" - "deposit" - "balance") / "instalment"))::int
                        ELSE ("first_due_date" + make_interval(months => greatest(0, floor(("price" - "deposit" - "balance") / "instalment"))::int))::date END END),"id") INCLUDE ("instalment", "price", "deposit", "balance", "term", "instalment_period", "first_due_date") WHERE "loans"."status" = 'active';--> statement-breakpoint
CREATE INDEX "loans_last_paid_idx" ON "loans" USING btree ("last_paid_at" NULLS FIRST,"id") INCLUDE ("instalment", "price", "deposit", "balance", "term", "instalment_period", "first_due_date") WHERE "loans"."status" = 'active';--> statement-breakpoint
CREATE INDEX "loans_lock_arrears_idx" ON "loans" USING btree ("lock_state",(CASE WHEN "instalment" > 0 AND ("price" - "deposit" - "balance") < "term" * "instalment"
              THEN CASE WHEN "instalment_period" = 'weekly'
                        THEN "first_due_date" + 7 * greatest(0, floor(("price" - "deposit" - "balance") / "instalment"))::int
                        ELSE ("first_due_date" + make_interval(months => greatest(0, floor(("price" - "deposit" - "balance") / "instalment"))::int))::date END END),"id") INCLUDE ("instalment", "price", "deposit", "balance", "term", "instalment_period", "first_due_date") WHERE "loans"."status" = 'active';--> statement-breakpoint
-- Kept by the database, whoever writes the locks (the calls, the seeds, another backend): after
-- each statement that adds, changes or removes locks, once for all its rows (a seed adds hundreds
-- of thousands in one), their loans' copies are set. Only a loan whose lock's state changed is
-- written, so a lock's other changes (a command's reference, a new challenge) leave the loan alone.
-- A lock removed, or moved to another loan, leaves its old loan with none (a loan has at most one).
-- Whoever changes a lock's state locks its loan first (server/domain/devices/commands.ts
-- `lockedDevice`), as the lending job and the approvals do, so this write cannot deadlock with theirs.
CREATE FUNCTION "loans_copy_lock_state"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'INSERT' THEN
        UPDATE "loans" l SET "lock_state" = NULL FROM "removed" r
        WHERE l.id = r.loan_id AND l.lock_state IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM "device_locks" d WHERE d.loan_id = r.loan_id);
    END IF;
    IF TG_OP <> 'DELETE' THEN
        UPDATE "loans" l SET "lock_state" = a.state FROM "added" a
        WHERE l.id = a.loan_id AND l.lock_state IS DISTINCT FROM a.state;
    END IF;
    RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "device_locks_lock_state_added" AFTER INSERT ON "device_locks"
REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "loans_copy_lock_state"();--> statement-breakpoint
CREATE TRIGGER "device_locks_lock_state_changed" AFTER UPDATE ON "device_locks"
REFERENCING OLD TABLE AS "removed" NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "loans_copy_lock_state"();--> statement-breakpoint
CREATE TRIGGER "device_locks_lock_state_removed" AFTER DELETE ON "device_locks"
REFERENCING OLD TABLE AS "removed" FOR EACH STATEMENT EXECUTE FUNCTION "loans_copy_lock_state"();
