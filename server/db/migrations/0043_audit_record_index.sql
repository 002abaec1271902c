-- A record's events found by its id alone (the trail's entity_id filter, with or without the
-- entity): the id first, where it came second and a filter by it alone read the whole trail.
DROP INDEX "audit_events_entity_idx";--> statement-breakpoint
CREATE INDEX "audit_events_entity_idx" ON "audit_events" USING btree ("entity_id","entity","at");