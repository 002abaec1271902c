-- Analytics adds payments up by business day (server/domain/analytics/figures.ts, PAID_DAY): with
-- statistics on that expression the planner knows the payments fall on hundreds of days, not on a
-- million, and adds them up in a hash table instead of sorting them. Written exactly as the query
-- writes it, so the planner matches the two; filled in by the next ANALYZE.
CREATE STATISTICS IF NOT EXISTS "transactions_paid_day_stats" ON (("paid_at" AT TIME ZONE 'Africa/Johannesburg')::date) FROM "transactions";
