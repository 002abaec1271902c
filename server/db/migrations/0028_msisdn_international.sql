-- Phone numbers are stored in one form, 27 and 9 digits. The rule before this one also took the
-- local form 0XXXXXXXXX as typed, so such numbers were stored that way and are no longer found by a
-- lookup written in the international form. Each is rewritten (0821234567 → 27821234567) for
-- customers (their number and alternate number), portal users and the SMS outbox. A number stored
-- in both forms in one table is one person twice: the migration fails naming it, for someone to
-- merge the two records by hand, rather than guess which one is right.
DO $$
DECLARE
    clash text;
BEGIN
    SELECT local.msisdn INTO clash FROM customers local
        JOIN customers international ON international.msisdn = '27' || substr(local.msisdn, 2)
        WHERE local.msisdn ~ '^0[0-9]{9}$' LIMIT 1;
    IF clash IS NOT NULL THEN
        RAISE EXCEPTION 'Customer phone number % is also stored as 27%: merge the two customers before migrating', clash, substr(clash, 2);
    END IF;
    SELECT local.msisdn INTO clash FROM admins local
        JOIN admins international ON international.msisdn = '27' || substr(local.msisdn, 2)
        WHERE local.msisdn ~ '^0[0-9]{9}$' LIMIT 1;
    IF clash IS NOT NULL THEN
        RAISE EXCEPTION 'Portal user phone number % is also stored as 27%: merge the two users before migrating', clash, substr(clash, 2);
    END IF;
END $$;
--> statement-breakpoint
UPDATE customers SET msisdn = '27' || substr(msisdn, 2) WHERE msisdn ~ '^0[0-9]{9}$';
--> statement-breakpoint
UPDATE customers SET alternate_msisdn = '27' || substr(alternate_msisdn, 2) WHERE alternate_msisdn ~ '^0[0-9]{9}$';
--> statement-breakpoint
UPDATE admins SET msisdn = '27' || substr(msisdn, 2) WHERE msisdn ~ '^0[0-9]{9}$';
--> statement-breakpoint
UPDATE sms_outbox SET msisdn = '27' || substr(msisdn, 2) WHERE msisdn ~ '^0[0-9]{9}$';
