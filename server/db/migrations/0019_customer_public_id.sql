-- The customer view's address names a customer by this random id. A volatile default is evaluated
-- per row as the column is added: every existing customer gets an id of its own.
ALTER TABLE "customers" ADD COLUMN "public_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_public_id_key" UNIQUE("public_id");