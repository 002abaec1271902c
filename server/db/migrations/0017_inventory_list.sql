-- The inventory list at scale (server/domain/stores.ts listInventory): indexes a page is read
-- along in order, trigrams to find part of an IMEI, and per store, SKU and status counts kept by
-- the database so counting the matches does not read them. pg_trgm is a trusted extension: the
-- database's owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "inventory_counts" (
	"store_id" integer NOT NULL,
	"sku" text NOT NULL,
	"status" "inventory_status" NOT NULL,
	"devices" integer NOT NULL,
	CONSTRAINT "inventory_counts_store_id_sku_status_pk" PRIMARY KEY("store_id","sku","status")
);
--> statement-breakpoint
CREATE INDEX "inventory_items_created_at_idx" ON "inventory_items" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "inventory_items_status_created_at_idx" ON "inventory_items" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "inventory_items_store_created_at_idx" ON "inventory_items" USING btree ("store_id","created_at","id");--> statement-breakpoint
CREATE INDEX "inventory_items_sku_created_at_idx" ON "inventory_items" USING btree ("sku","created_at","id");--> statement-breakpoint
CREATE INDEX "inventory_items_imei_trgm_idx" ON "inventory_items" USING gin ("imei" gin_trgm_ops);
--> statement-breakpoint
-- Every insert, update and delete of devices moves the counts in its own transaction, one
-- statement at a time: the rows it touched, grouped, added (+1 each new row, -1 each old one).
-- The counts are taken in key order, so two writers lock them in the same order.
CREATE FUNCTION inventory_counts_changed() RETURNS trigger AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO inventory_counts AS c (store_id, sku, status, devices)
        SELECT store_id, sku, status, count(*) FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
        ON CONFLICT (store_id, sku, status) DO UPDATE SET devices = c.devices + excluded.devices;
    ELSIF TG_OP = 'DELETE' THEN
        INSERT INTO inventory_counts AS c (store_id, sku, status, devices)
        SELECT store_id, sku, status, -count(*) FROM old_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
        ON CONFLICT (store_id, sku, status) DO UPDATE SET devices = c.devices + excluded.devices;
    ELSE
        INSERT INTO inventory_counts AS c (store_id, sku, status, devices)
        SELECT store_id, sku, status, sum(change) FROM (
            SELECT store_id, sku, status, 1 AS change FROM new_rows
            UNION ALL
            SELECT store_id, sku, status, -1 FROM old_rows
        ) AS moved
        GROUP BY 1, 2, 3 HAVING sum(change) <> 0 ORDER BY 1, 2, 3
        ON CONFLICT (store_id, sku, status) DO UPDATE SET devices = c.devices + excluded.devices;
    END IF;
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER inventory_items_counted_insert AFTER INSERT ON inventory_items
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inventory_counts_changed();
--> statement-breakpoint
CREATE TRIGGER inventory_items_counted_update AFTER UPDATE ON inventory_items
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inventory_counts_changed();
--> statement-breakpoint
CREATE TRIGGER inventory_items_counted_delete AFTER DELETE ON inventory_items
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION inventory_counts_changed();
--> statement-breakpoint
INSERT INTO inventory_counts (store_id, sku, status, devices)
SELECT store_id, sku, status, count(*) FROM inventory_items GROUP BY 1, 2, 3;
