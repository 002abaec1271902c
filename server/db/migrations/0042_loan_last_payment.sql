-- The collections queue's indexes hold their ties by id, so a page's loans (and a deep page's
-- skipped ones) are a walk of the index alone, not a sort of every loan in arrears.
DROP INDEX "loans_arrears_idx";--> statement-breakpoint
DROP INDEX "loans_store_arrears_idx";--> statement-breakpoint
CREATE INDEX "loans_arrears_idx" ON "loans" USING btree ((CASE WHEN "instalment" > 0 AND ("price" - "deposit" - "balance") < "term" * "instalment"
              THEN CASE WHEN "instalment_period" = 'weekly'
                        THEN "first_due_date" + 7 * greatest(0, floor(("price" - "deposit" - "balance") / "instalment"))::int
                        ELSE ("first_due_date" + make_interval(months => greatest(0, floor(("price" - "deposit" - "balance") / "instalment"))::int))::date END END),"id") WHERE "loans"."status" = 'active';--> statement-breakpoint
CREATE INDEX "loans_store_arrears_idx" ON "loans" USING btree ("store_id",(CASE WHEN "instalment" > 0 AND ("price" - "deposit" - "balance") < "term" * "instalment"
              THEN CASE WHEN "instalment_period" = 'weekly'
                        THEN "first_due_date" + 7 * greatest(0, floor(("price" - "deposit" - "balance") / "instalment"))::int
                        ELSE ("first_due_date" + make_interval(months => greatest(0, floor(("price" - "deposit" - "balance") / "instalment"))::int))::date END END),"id") WHERE "loans"."status" = 'active';--> statement-breakpoint
-- When a loan's last payment was made, kept on the loan (server/db/schema/loans.ts): the
-- collections queue sorts the loans in arrears by it along loans_last_paid_idx instead of looking
-- up every such loan's payments on each call (server/domain/lending/collections.ts).
ALTER TABLE "loans" ADD COLUMN "last_paid_at" timestamp with time zone;--> statement-breakpoint
UPDATE "loans" l SET "last_paid_at" = p.paid_at
FROM (SELECT DISTINCT ON ("loan_id") "loan_id", "paid_at" FROM "transactions"
      WHERE "loan_id" IS NOT NULL AND "kind" <> 'reversal'
      ORDER BY "loan_id", "created_at" DESC, "id" DESC) p
WHERE p.loan_id = l.id;--> statement-breakpoint
CREATE INDEX "loans_last_paid_idx" ON "loans" USING btree ("last_paid_at" NULLS FIRST,"id") WHERE "loans"."status" = 'active';--> statement-breakpoint
-- Kept by the database, whoever writes the payments (the calls, the seeds, another backend): each
-- payment added, changed, moved or removed works its loan's last payment out again, one probe of
-- transactions_loan_idx; a reversal added does not fire it. As migration 0012's first deposit,
-- the loan's row is locked first, so the read that follows sees a payment another transaction
-- recorded on the loan and committed meanwhile.
CREATE FUNCTION "loans_work_out_last_payment"("loan" integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    PERFORM 1 FROM "loans" WHERE "id" = "loan" FOR UPDATE;
    UPDATE "loans" SET "last_paid_at" = (
        SELECT "paid_at" FROM "transactions" WHERE "loan_id" = "loan" AND "kind" <> 'reversal'
        ORDER BY "created_at" DESC, "id" DESC LIMIT 1
    ) WHERE "id" = "loan";
END
$$;--> statement-breakpoint
CREATE FUNCTION "loans_last_payment"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'DELETE' AND NEW.loan_id IS NOT NULL THEN
        PERFORM "loans_work_out_last_payment"(NEW.loan_id);
    END IF;
    IF TG_OP <> 'INSERT' AND OLD.loan_id IS NOT NULL AND (TG_OP = 'DELETE' OR OLD.loan_id IS DISTINCT FROM NEW.loan_id) THEN
        PERFORM "loans_work_out_last_payment"(OLD.loan_id);
    END IF;
    RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "transactions_last_payment_added" AFTER INSERT ON "transactions"
FOR EACH ROW WHEN (NEW.loan_id IS NOT NULL AND NEW.kind <> 'reversal') EXECUTE FUNCTION "loans_last_payment"();--> statement-breakpoint
CREATE TRIGGER "transactions_last_payment_changed" AFTER UPDATE OF "kind", "loan_id", "paid_at", "created_at" ON "transactions"
FOR EACH ROW WHEN (NEW.loan_id IS NOT NULL OR OLD.loan_id IS NOT NULL) EXECUTE FUNCTION "loans_last_payment"();--> statement-breakpoint
CREATE TRIGGER "transactions_last_payment_removed" AFTER DELETE ON "transactions"
FOR EACH ROW WHEN (OLD.loan_id IS NOT NULL) EXECUTE FUNCTION "loans_last_payment"();
