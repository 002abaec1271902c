-- A loan's first deposit, kept on the loan (server/db/schema/loans.ts): analytics reads a loan's
-- sale day and the start of its schedule from the loan instead of working out every loan's first
-- deposit from the payments on each call (server/domain/analytics/figures.ts).
ALTER TABLE "loans" ADD COLUMN "deposit_paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "deposit_day" date GENERATED ALWAYS AS (("deposit_paid_at" AT TIME ZONE 'Africa/Johannesburg')::date) STORED;--> statement-breakpoint
UPDATE "loans" l SET "deposit_paid_at" = f.first_paid
FROM (SELECT "loan_id", min("paid_at") AS first_paid FROM "transactions"
      WHERE "kind" = 'deposit' AND "loan_id" IS NOT NULL GROUP BY "loan_id") f
WHERE f.loan_id = l.id;--> statement-breakpoint
CREATE INDEX "loans_deposit_paid_idx" ON "loans" USING btree ("deposit_paid_at") WHERE "loans"."deposit_paid_at" IS NOT NULL;--> statement-breakpoint
-- Kept by the database, whoever writes the payments (the calls, the seeds, another backend): each
-- deposit added, changed or removed works its loan's first deposit out again, one probe of
-- transactions_deposit_idx. Other payments do not fire it.
CREATE FUNCTION "loans_first_deposit"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    -- Each loan's row is locked before its deposits are read: the read is then a statement of its
    -- own, whose snapshot sees a deposit another transaction recorded on the loan and committed
    -- meanwhile (read alongside the UPDATE, a writer that waited for the row would miss it).
    IF TG_OP <> 'DELETE' AND NEW.kind = 'deposit' AND NEW.loan_id IS NOT NULL THEN
        PERFORM 1 FROM "loans" WHERE "id" = NEW.loan_id FOR UPDATE;
        UPDATE "loans" SET "deposit_paid_at" = (
            SELECT min("paid_at") FROM "transactions" WHERE "loan_id" = NEW.loan_id AND "kind" = 'deposit'
        ) WHERE "id" = NEW.loan_id;
    END IF;
    IF TG_OP <> 'INSERT' AND OLD.kind = 'deposit' AND OLD.loan_id IS NOT NULL
       AND (TG_OP = 'DELETE' OR OLD.loan_id IS DISTINCT FROM NEW.loan_id OR NEW.kind <> 'deposit' OR OLD.paid_at <> NEW.paid_at) THEN
        PERFORM 1 FROM "loans" WHERE "id" = OLD.loan_id FOR UPDATE;
        UPDATE "loans" SET "deposit_paid_at" = (
            SELECT min("paid_at") FROM "transactions" WHERE "loan_id" = OLD.loan_id AND "kind" = 'deposit'
        ) WHERE "id" = OLD.loan_id;
    END IF;
    RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "transactions_deposit_added" AFTER INSERT ON "transactions"
FOR EACH ROW WHEN (NEW.kind = 'deposit') EXECUTE FUNCTION "loans_first_deposit"();--> statement-breakpoint
CREATE TRIGGER "transactions_deposit_changed" AFTER UPDATE OF "kind", "loan_id", "paid_at" ON "transactions"
FOR EACH ROW WHEN (NEW.kind = 'deposit' OR OLD.kind = 'deposit') EXECUTE FUNCTION "loans_first_deposit"();--> statement-breakpoint
CREATE TRIGGER "transactions_deposit_removed" AFTER DELETE ON "transactions"
FOR EACH ROW WHEN (OLD.kind = 'deposit') EXECUTE FUNCTION "loans_first_deposit"();--> statement-breakpoint
-- The payments of a period added up (analytics' collections) from the index alone: with the loan,
-- kind and amount beside the day, an index-only scan instead of a visit to each payment's row.
-- Drizzle's schema cannot say INCLUDE; server/db/schema/money.ts names the index's key columns.
DROP INDEX "transactions_paid_idx";--> statement-breakpoint
CREATE INDEX "transactions_paid_idx" ON "transactions" USING btree ("paid_at", "id") INCLUDE ("loan_id", "kind", "amount");
