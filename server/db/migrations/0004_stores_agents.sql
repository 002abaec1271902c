CREATE TYPE "public"."agent_tier" AS ENUM('gold', 'silver', 'bronze');--> statement-breakpoint
CREATE TABLE "agent_profiles" (
	"admin_id" integer PRIMARY KEY NOT NULL,
	"tier" "agent_tier",
	"latitude" double precision,
	"longitude" double precision,
	"location_updated_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "region_lead_admin_id" integer;--> statement-breakpoint
ALTER TABLE "agent_profiles" ADD CONSTRAINT "agent_profiles_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stores_name_key" ON "stores" USING btree (lower("name"));