-- A payment's reference is one payment whatever its letter case or surrounding spaces: `p-x-1`
-- after `P-x-1` was recorded twice and lowered the balance twice. The unique key becomes
-- lower(btrim(reference)), under the same name, so every write's conflict mapping still holds.
--
-- A database may already hold case-variant duplicates. Each keeps its money and its loan (whether
-- the later payment was real is for staff to decide, not a migration): the earliest (lowest id) of
-- each normalised reference keeps its text, and each later one gets its own id appended,
-- `<reference> (duplicate #<id>)`, so the index can be built, a search by the reference's start
-- still finds them all, and each rename is in the audit trail with the payment it repeats.
CREATE TEMPORARY TABLE "reference_case_duplicates" AS
SELECT t.id, t.reference, f.first_id
FROM "transactions" t
JOIN (SELECT lower(btrim("reference")) AS key, min("id") AS first_id FROM "transactions"
      GROUP BY 1 HAVING count(*) > 1) f ON f.key = lower(btrim(t."reference"))
WHERE t.id <> f.first_id;--> statement-breakpoint
UPDATE "transactions" t SET "reference" = d.reference || ' (duplicate #' || d.id || ')'
FROM "reference_case_duplicates" d WHERE d.id = t.id;--> statement-breakpoint
INSERT INTO "audit_events" ("action", "entity", "entity_id", "before", "after", "at")
SELECT 'transactions.reference_case_duplicate', 'transactions', d.id::text,
       jsonb_build_object('reference', d.reference),
       jsonb_build_object('reference', d.reference || ' (duplicate #' || d.id || ')', 'duplicate_of', d.first_id),
       now()
FROM "reference_case_duplicates" d;--> statement-breakpoint
DROP TABLE "reference_case_duplicates";--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_reference_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_reference_unique" ON "transactions" USING btree (lower(btrim("reference")));
