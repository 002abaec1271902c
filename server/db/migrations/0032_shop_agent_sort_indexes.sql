CREATE INDEX "admins_first_name_idx" ON "admins" USING btree ("first_name","id");--> statement-breakpoint
CREATE INDEX "stores_town_idx" ON "stores" USING btree (lower("town"),"id");--> statement-breakpoint
CREATE INDEX "stores_region_idx" ON "stores" USING btree (lower("region"),"id");