CREATE INDEX "loans_arrears_idx" ON "loans" USING btree ((CASE WHEN "instalment" > 0 AND ("price" - "deposit" - "balance") < "term" * "instalment"
              THEN CASE WHEN "instalment_period" = 'weekly'
                        THEN "first_due_date" + 7 * greatest(0, floor(("price" - "deposit" - "balance") / "instalment"))::int
                        ELSE ("first_due_date" + make_interval(months => greatest(0, floor(("price" - "deposit" - "balance") / "instalment"))::int))::date END END)) WHERE "loans"."status" = 'active';--> statement-breakpoint
CREATE INDEX "loans_store_arrears_idx" ON "loans" USING btree ("store_id",(CASE WHEN "instalment" > 0 AND ("price" - "deposit" - "balance") < "term" * "instalment"
              THEN CASE WHEN "instalment_period" = 'weekly'
                        THEN "first_due_date" + 7 * greatest(0, floor(("price" - "deposit" - "balance") / "instalment"))::int
                        ELSE ("first_due_date" + make_interval(months => greatest(0, floor(("price" - "deposit" - "balance") / "instalment"))::int))::date END END)) WHERE "loans"."status" = 'active';