/** What the identity step asks (IdentityStep.tsx), as tables of fields (FieldGrid.tsx) in the order the form shows them. */
import { maxLength, minLength, required } from 'react-admin';
import { GENDERS, ID_TYPES, INDUSTRY_VERTICALS, TURNOVER_BANDS } from '../../../../contract/customers';
import type { usePortalValidators } from '../../../lib/validators';
import type { useWizardChecks } from '../checks';
import { choicesOf, type GridField } from '../FieldGrid';
import { IdNumberInput } from './IdNumberInput';

/** The validators a field may need beyond react-admin's: the wizard's and the portal's, each in the user's language. */
export interface Rules {
    checks: ReturnType<typeof useWizardChecks>;
    validate: ReturnType<typeof usePortalValidators>;
}

const name = [required(), maxLength(80)];
const place = (max: number) => [maxLength(max)];
const town = [required(), minLength(2), maxLength(80)];

/** The person and where they live, as kyc-details names each field. */
export const personFields = ({ checks, validate }: Rules): readonly GridField[] => [
    { kind: 'text', source: 'first_name', label: 'loans.wizard.identity.first_name', validate: name },
    { kind: 'text', source: 'last_name', label: 'loans.wizard.identity.last_name', validate: name },
    {
        kind: 'select',
        source: 'id_type',
        label: 'loans.wizard.identity.id_type',
        choices: choicesOf('customers.id_types', ID_TYPES),
        validate: required(),
    },
    { kind: 'custom', source: 'id_number', Input: IdNumberInput },
    {
        kind: 'date',
        source: 'date_of_birth',
        label: 'customers.fields.date_of_birth',
        validate: [required(), checks.date],
    },
    { kind: 'select', source: 'gender', label: 'customers.fields.gender', choices: choicesOf('customers.genders', GENDERS) },
    {
        kind: 'text',
        source: 'email',
        label: 'loans.wizard.identity.email',
        type: 'email',
        validate: validate.optionalEmail,
        htmlInput: { inputMode: 'email', autoCapitalize: 'none', spellCheck: false },
    },
    {
        kind: 'text',
        source: 'alternate_msisdn',
        label: 'loans.wizard.identity.alternate_msisdn',
        type: 'tel',
        // Optional: checked only once something is typed.
        validate: value => (typeof value === 'string' && value.trim() ? validate.phone(value, {}, {}) : undefined),
        htmlInput: { inputMode: 'tel', maxLength: 16 },
    },
    { kind: 'heading', label: 'customers.fields.address' },
    {
        kind: 'text',
        source: 'address.unit_house_number',
        label: 'loans.wizard.identity.unit_house_number',
        validate: place(40),
        width: 4,
    },
    { kind: 'text', source: 'address.street', label: 'loans.wizard.identity.street', validate: place(120), width: 8 },
    { kind: 'text', source: 'address.suburb', label: 'loans.wizard.identity.suburb', validate: place(80) },
    { kind: 'text', source: 'address.town', label: 'loans.wizard.identity.town', validate: town },
    { kind: 'text', source: 'address.province', label: 'loans.wizard.identity.province', validate: place(80) },
    {
        kind: 'text',
        source: 'address.postal_code',
        label: 'loans.wizard.identity.postal_code',
        validate: checks.postalCode,
        htmlInput: { inputMode: 'numeric', maxLength: 10 },
    },
];

/** A business customer's business, after the person. */
export const businessFields = ({ checks }: Rules): readonly GridField[] => [
    { kind: 'heading', label: 'customers.business.title' },
    {
        kind: 'text',
        source: 'business.business_name',
        label: 'customers.business.business_name',
        validate: [required(), minLength(2), maxLength(120)],
    },
    {
        kind: 'text',
        source: 'business.employee_count',
        label: 'customers.business.employee_count',
        validate: [required(), checks.employeeCount],
        htmlInput: { inputMode: 'numeric', maxLength: 7 },
    },
    {
        kind: 'select',
        source: 'business.industry_vertical',
        label: 'customers.business.industry_vertical',
        choices: choicesOf('customers.industries', INDUSTRY_VERTICALS),
        validate: required(),
    },
    {
        kind: 'select',
        source: 'business.turnover_band',
        label: 'customers.business.turnover_band',
        choices: choicesOf('customers.turnovers', TURNOVER_BANDS),
        validate: required(),
    },
    {
        kind: 'text',
        source: 'business.address.street',
        label: 'loans.wizard.identity.business_street',
        validate: place(120),
    },
    { kind: 'text', source: 'business.address.town', label: 'loans.wizard.identity.business_town', validate: town },
];
