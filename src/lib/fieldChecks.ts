/**
 * Form checks that speak the specification's words ('valid phone number required', 'valid
 * {input} required'); those that need the contract's rules are in lib/contractChecks.ts. Pure:
 * react-admin's forms take them through lib/validators.ts, the signed-out pages through
 * pages/auth/FormParts.tsx; each translates the answer.
 */

export type InputName = 'username' | 'email' | 'otp' | 'password';

/** What is wrong: a translation key with its values; `input` names the input for 'valid %{input} required'. */
export interface FieldProblem {
    key: string;
    args?: Record<string, string | number>;
    input?: InputName;
}

export type FieldCheck = (value: unknown, values: Record<string, unknown>) => FieldProblem | undefined;

/** react-admin's own keys, so both halves of the portal say the same. */
export const required: FieldCheck = value =>
    value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
        ? { key: 'ra.validation.required' }
        : undefined;

export const minLength =
    (min: number): FieldCheck =>
    value =>
        typeof value === 'string' && value !== '' && value.length < min
            ? { key: 'ra.validation.minLength', args: { min } }
            : undefined;

export const maxLength =
    (max: number): FieldCheck =>
    value =>
        typeof value === 'string' && value.length > max ? { key: 'ra.validation.maxLength', args: { max } } : undefined;

/** Runs checks in order; the first problem wins. */
export const firstProblem = (
    list: readonly FieldCheck[],
    value: unknown,
    values: Record<string, unknown>,
): FieldProblem | undefined => {
    for (const check of list) {
        const problem = check(value, values);
        if (problem) return problem;
    }
    return undefined;
};

/** The problem's values, with the input's name in the user's language. */
export const problemArgs = (problem: FieldProblem, translate: (key: string) => string): Record<string, string | number> => ({
    ...problem.args,
    ...(problem.input ? { input: translate(`validation.inputs.${problem.input}`) } : {}),
});
