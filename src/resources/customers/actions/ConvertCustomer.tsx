import SwapVertIcon from '@mui/icons-material/SwapVert';
import { MenuItem, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { INDUSTRY_VERTICALS, TURNOVER_BANDS, type Customer } from '../../../../contract/customers';
import { useFormat } from '../../../lib/useFormat';
import { useFieldProblem } from '../../../dialogs/ActionDialog';
import { DialogAction } from './DialogAction';
import { useDialogAction } from './useDialogAction';

type Industry = (typeof INDUSTRY_VERTICALS)[number];
type Turnover = (typeof TURNOVER_BANDS)[number];

interface BusinessForm {
    business_name: string;
    employee_count: string;
    industry_vertical: Industry | '';
    turnover_band: Turnover | '';
    street: string;
    town: string;
}

const EMPTY: BusinessForm = {
    business_name: '',
    employee_count: '',
    industry_vertical: '',
    turnover_band: '',
    street: '',
    town: '',
};

const problemsOf = (form: BusinessForm): Partial<Record<keyof BusinessForm, string>> => {
    const problems: Partial<Record<keyof BusinessForm, string>> = {};
    if (form.business_name.trim().length < 2) problems.business_name = 'ra.validation.required';
    const employees = form.employee_count.trim();
    // Empty is missing, not 'Must be a number'; anything else typed must be a whole number from 1.
    if (!employees) problems.employee_count = 'ra.validation.required';
    else if (!/^[0-9]{1,7}$/.test(employees) || Number(employees) < 1)
        problems.employee_count = 'customers.convert.employees_invalid';
    if (!form.industry_vertical) problems.industry_vertical = 'ra.validation.required';
    if (!form.turnover_band) problems.turnover_band = 'ra.validation.required';
    if (form.town.trim().length < 2) problems.town = 'ra.validation.required';
    return problems;
};

/**
 * Converting a customer to a business customer (with the business's details) or back to a normal
 * one. `onConverted` gets the customer as the server now has them.
 */
export const ConvertCustomer = ({ customer, onConverted }: { customer: Customer; onConverted: (changed: Customer) => void }) => {
    const translate = useTranslate();
    const format = useFormat();
    const toBusiness = customer.customer_type === 'normal';
    const action = useDialogAction('customerConvert', answer => {
        onConverted(answer);
        return ['customers.convert.done', { type: format.words('customers.types', answer.customer_type) }];
    });
    const fieldProblem = useFieldProblem(action.error);
    const [form, setForm] = useState<BusinessForm>(EMPTY);
    const [problems, setProblems] = useState<Partial<Record<keyof BusinessForm, string>>>({});
    const set = (name: keyof BusinessForm) => (value: string) => setForm(current => ({ ...current, [name]: value }));

    const confirm = () => {
        if (!toBusiness) {
            action.run({ body: { msisdn: customer.msisdn, customer_type: 'normal' } });
            return;
        }
        const found = problemsOf(form);
        setProblems(found);
        if (Object.keys(found).length > 0 || !form.industry_vertical || !form.turnover_band) return;
        action.run({
            body: {
                msisdn: customer.msisdn,
                customer_type: 'business',
                business: {
                    business_name: form.business_name.trim(),
                    employee_count: Number(form.employee_count),
                    industry_vertical: form.industry_vertical,
                    turnover_band: form.turnover_band,
                    address: { town: form.town.trim(), street: form.street.trim() || undefined },
                },
            },
        });
    };

    /** A field's problem: ours first, then what the server named (`business.address.town`…). */
    const problemOf = (name: keyof BusinessForm, serverField: string) => {
        const ours = problems[name];
        return ours ? translate(ours) : fieldProblem(serverField);
    };
    const text = (name: keyof BusinessForm, serverField: string, extra: { autoFocus?: boolean; required?: boolean } = {}) => (
        <TextField
            label={translate(`customers.convert.fields.${name}`)}
            value={form[name]}
            onChange={event => set(name)(event.target.value)}
            error={problemOf(name, serverField) !== undefined}
            helperText={problemOf(name, serverField)}
            fullWidth
            {...extra}
        />
    );
    const choice = (name: 'industry_vertical' | 'turnover_band', options: readonly string[], prefix: string) => (
        <TextField
            select
            label={translate(`customers.convert.fields.${name}`)}
            value={form[name]}
            onChange={event => set(name)(event.target.value)}
            error={problemOf(name, `business.${name}`) !== undefined}
            helperText={problemOf(name, `business.${name}`)}
            required
            fullWidth
        >
            {options.map(option => (
                <MenuItem key={option} value={option}>
                    {format.words(prefix, option)}
                </MenuItem>
            ))}
        </TextField>
    );

    const title = toBusiness ? 'customers.convert.to_business' : 'customers.convert.to_normal';
    return (
        <DialogAction
            action={action}
            label={title}
            icon={SwapVertIcon}
            title={title}
            intro={toBusiness ? 'customers.convert.intro_business' : 'customers.convert.intro_normal'}
            introArgs={{ name: `${customer.first_name} ${customer.last_name}` }}
            onConfirm={confirm}
        >
            {toBusiness ? (
                <Stack spacing={2}>
                    {text('business_name', 'business.business_name', { autoFocus: true, required: true })}
                    {text('employee_count', 'business.employee_count', { required: true })}
                    {choice('industry_vertical', INDUSTRY_VERTICALS, 'customers.industries')}
                    {choice('turnover_band', TURNOVER_BANDS, 'customers.turnovers')}
                    {text('street', 'business.address.street')}
                    {text('town', 'business.address.town', { required: true })}
                </Stack>
            ) : undefined}
        </DialogAction>
    );
};
