CREATE INDEX "audit_events_action_idx" ON "audit_events" USING btree ("action","id");--> statement-breakpoint
CREATE INDEX "audit_events_entity_id_idx" ON "audit_events" USING btree ("entity","id");--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit_events" USING btree ("actor_admin_id","at");