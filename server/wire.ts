/** How database values are written in answers (snake_case fields are the contract's, values are these). */

/** A timestamp on the wire: ISO 8601 in UTC. */
export const iso = (date: Date) => date.toISOString();

/** An amount of money rounded to the cent, as the `money` columns keep it. */
export const cents = (value: number) => Math.round(value * 100) / 100;
