-- Each active loan's amount overdue, stored as of a day (server/db/schema/loans.ts
-- `amount_overdue`): the collections queue sorts by it along loans_amount_overdue_idx instead of
-- working it out for every loan in arrears on each call (server/domain/lending/amounts.ts says
-- how the lending job keeps it, and when the queue trusts it).
ALTER TABLE "loans" ADD COLUMN "amount_overdue" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "lending_job" ADD COLUMN "amounts_day" date;--> statement-breakpoint
ALTER TABLE "lending_job" ADD COLUMN "amounts_ready_day" date;--> statement-breakpoint
-- With the terms the queue's filter (in arrears today) is worked out from, as migration 0045's
-- indexes: the walk reads the index alone. Only loans that owe something are in it.
CREATE INDEX "loans_amount_overdue_idx" ON "loans" USING btree ("amount_overdue","id") INCLUDE ("instalment", "price", "deposit", "balance", "term", "instalment_period", "first_due_date") WHERE "loans"."status" = 'active' AND "loans"."amount_overdue" > 0;--> statement-breakpoint
-- What fell due on or before the day before `day` and is unpaid, 0 when nothing is: the schedule's
-- rule (server/domain/lending/scheduleSql.ts `instalmentsDueBy`, less what the instalments have
-- been paid) for a day held in a value, written once here for the trigger below and the lending
-- job. tests/server/amountsOverdue.test.ts holds it to the queue's own figure, day by day.
CREATE FUNCTION "loan_amount_overdue"(
    "instalment" numeric, "price" numeric, "deposit" numeric, "balance" numeric,
    "term" integer, "period" "instalment_period", "first_due" date, "day" date
) RETURNS numeric LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT greatest(0, greatest(0, least("term",
        CASE WHEN "period" = 'weekly' THEN ("day" - 1 - "first_due" + 7) / 7
             ELSE (date_part('year', "day" - 1) * 12 + date_part('month', "day" - 1))::int
                  - (date_part('year', "first_due") * 12 + date_part('month', "first_due"))::int
                  + CASE WHEN date_part('day', "first_due") <= date_part('day', "day" - 1) OR date_part('day', "day") = 1
                         THEN 1 ELSE 0 END END))
        * "instalment" - greatest(0, "price" - "deposit" - "balance"))
$$;--> statement-breakpoint
-- Kept by the database, whoever writes a loan (the calls, the seeds, another backend): a loan
-- added, or its terms, balance or status written, works its amount out as of the job's day. The
-- shared advisory lock, held to the end of the writer's transaction, is what the job's exclusive
-- try (amounts.ts) waits on: a day begins only when no writer is between reading the old day and
-- committing, so every loan written after it begins has the new day's figure.
CREATE FUNCTION "loans_work_out_amount_overdue"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    "as_of" date;
BEGIN
    PERFORM pg_advisory_xact_lock_shared(hashtext('loans.amount_overdue'));
    SELECT "amounts_day" INTO "as_of" FROM "lending_job" WHERE "id" = 1;
    NEW."amount_overdue" := CASE WHEN "as_of" IS NULL THEN NULL ELSE "loan_amount_overdue"(
        NEW."instalment", NEW."price", NEW."deposit", NEW."balance", NEW."term", NEW."instalment_period",
        NEW."first_due_date", "as_of") END;
    RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "loans_amount_overdue" BEFORE INSERT OR UPDATE OF "price", "deposit", "balance", "instalment", "term", "instalment_period", "first_due_date", "status" ON "loans"
FOR EACH ROW EXECUTE FUNCTION "loans_work_out_amount_overdue"();
