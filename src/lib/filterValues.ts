/** react-admin's filter values (from the address or a form, so strings or numbers) as a call's fields. */

/** A non-empty text, else nothing (an empty search asks for everything). */
export const filterText = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** A whole number above zero (an id), given as a number or in digits; anything else is left out. */
export const positiveFilter = (value: unknown): number | undefined => {
    const number = typeof value === 'string' && value !== '' ? Number(value) : value;
    return typeof number === 'number' && Number.isInteger(number) && number > 0 ? number : undefined;
};
