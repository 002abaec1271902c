/** How database values are written in answers (snake_case fields are the contract's, values are these). */

/** A timestamp on the wire: ISO 8601 in UTC. */
export const iso = (date: Date) => date.toISOString();
