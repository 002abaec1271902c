/**
 * The ids of built records: each build takes the next one, so a list of built rows has distinct
 * keys without the test numbering them. They start well above the small ids tests choose by hand
 * (`buildApprovalRequest({ id: 7 })`), so a built row never takes one of those. `resetBuilders`
 * runs after every unit test (tests/unit/setup.ts): a test's ids do not depend on the tests before it.
 */
const FIRST_ID = 1001;
let next = FIRST_ID;

export const nextId = (): number => next++;

export const resetBuilders = (): void => {
    next = FIRST_ID;
};
