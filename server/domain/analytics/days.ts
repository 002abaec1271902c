/** A report's period: business days (server/time.ts) from and to, both included (YYYY-MM-DD). */
export interface Period {
    from: string;
    to: string;
}
