CREATE TABLE "auth_revision" (
	"id" smallint PRIMARY KEY NOT NULL,
	"revision" bigint NOT NULL,
	CONSTRAINT "auth_revision_one_row" CHECK ("auth_revision"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "auth_revision" ("id", "revision") VALUES (1, 0);
--> statement-breakpoint
-- The triggers of 0002 now also raise the revision, in the transaction of the change itself: an
-- instance that reads the revision after the change committed sees it moved, however late the
-- NOTIFY reaches it. Every change a session rests on takes this one row's lock until it commits;
-- such changes are rare (sign-outs, roles, accounts): opening a session inserts, which no trigger sees.
CREATE OR REPLACE FUNCTION portal_auth_changed() RETURNS trigger AS $$
BEGIN
    UPDATE auth_revision SET revision = revision + 1 WHERE id = 1;
    PERFORM pg_notify('portal_auth', TG_TABLE_NAME);
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;
