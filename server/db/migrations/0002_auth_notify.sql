-- Every change a signed-in session depends on (the session itself, its admin, the roles of a group,
-- the role catalog) tells every server instance at commit: NOTIFY portal_auth, which each instance
-- answers by forgetting the sessions it cached (server/domain/auth/sessionCache.ts).
CREATE OR REPLACE FUNCTION portal_auth_changed() RETURNS trigger AS $$
BEGIN
    PERFORM pg_notify('portal_auth', TG_TABLE_NAME);
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER sessions_auth_changed AFTER UPDATE OR DELETE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION portal_auth_changed();
--> statement-breakpoint
CREATE TRIGGER admins_auth_changed AFTER UPDATE OR DELETE ON admins FOR EACH STATEMENT EXECUTE FUNCTION portal_auth_changed();
--> statement-breakpoint
CREATE TRIGGER group_roles_auth_changed AFTER INSERT OR UPDATE OR DELETE ON group_roles FOR EACH STATEMENT EXECUTE FUNCTION portal_auth_changed();
--> statement-breakpoint
CREATE TRIGGER admin_roles_auth_changed AFTER UPDATE OR DELETE ON admin_roles FOR EACH STATEMENT EXECUTE FUNCTION portal_auth_changed();
--> statement-breakpoint
CREATE TRIGGER admin_groups_auth_changed AFTER UPDATE OR DELETE ON admin_groups FOR EACH STATEMENT EXECUTE FUNCTION portal_auth_changed();
