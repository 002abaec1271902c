/**
 * A server's own random key kept in the database (`server_secrets`), made by the first instance
 * that needs it and read by every other: one per name, cached per database in each process. The
 * device cookies' signing key (domain/auth/devices.ts) and the export links' (exports.ts).
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from './db';
import { serverSecrets } from './db/schema';
import { writeAs } from './write';

const storedKey = async (db: Database, name: string, now: Date): Promise<Buffer> => {
    const ofName = eq(serverSecrets.name, name);
    const [kept] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(ofName);
    if (kept) return Buffer.from(kept.value, 'base64url');
    return writeAs(
        db,
        () => ({ adminId: null, roleUsed: null, coords: null, at: now }),
        async tx => {
            // Two instances may both get here: the first insert wins and both read the winner's key.
            const made = await tx
                .insert(serverSecrets)
                .values({ name, value: randomBytes(32).toString('base64url'), createdAt: now })
                .onConflictDoNothing()
                .returning({ name: serverSecrets.name });
            const [row] = await tx.select({ value: serverSecrets.value }).from(serverSecrets).where(ofName);
            if (!row) throw new Error(`The server secret ${name} could not be read back`);
            // The key itself is never audited.
            return {
                result: Buffer.from(row.value, 'base64url'),
                audit: {
                    action: 'server_secrets.create',
                    entity: 'server_secrets',
                    after: { name, made: made.length > 0 },
                },
            };
        },
    );
};

/** The key named `name`, read (or made) once per database; a failed read is tried again by the next caller rather than remembered. */
export const storedSecret = (name: string) => {
    const keys = new WeakMap<Database, Promise<Buffer>>();
    return (db: Database, now: Date): Promise<Buffer> => {
        let key = keys.get(db);
        if (!key) {
            key = storedKey(db, name, now);
            key.catch(() => keys.delete(db));
            keys.set(db, key);
        }
        return key;
    };
};
