/**
 * The reference server's tables, one file per domain (see docs/domain.md). Migrations are
 * generated from these files with `npm run db:generate` and committed; the same SQL runs on the
 * embedded PGlite and on PostgreSQL.
 */
export * from './audit';
export * from './auth';
export * from './messages';
export * from './security';
export * from './stores';
export * from './agents';
export * from './catalogue';
export * from './customers';
export * from './loans';
export * from './devices';
export * from './kyc';
export * from './money';
export * from './registrations';
export * from './lending';
export * from './idempotency';
