/** Converting a customer between normal and business (spec §7 "Conversion"). */
import { z } from 'zod';
import { defineCall } from '../define';
import { msisdn } from '../fields';
import { addressInput, customer, INDUSTRY_VERTICALS, TURNOVER_BANDS } from './customer';

const businessInput = z.object({
    business_name: z.string().trim().min(2).max(120),
    employee_count: z.number().int().min(1).max(1_000_000),
    industry_vertical: z.enum(INDUSTRY_VERTICALS),
    turnover_band: z.enum(TURNOVER_BANDS),
    address: addressInput,
});

export const convertCustomer = defineCall({
    summary:
        'Convert a customer to a business customer (with the business details) or back to a normal one. Converting to the type the customer already has is a 409.',
    method: 'POST',
    path: '/api/v1/customer_conversion',
    access: 'CONVERT_CUSTOMER',
    body: z.union([
        z.object({ msisdn, customer_type: z.literal('business'), business: businessInput }),
        z.object({ msisdn, customer_type: z.literal('normal') }),
    ]),
    response: customer,
});

export const conversionCalls = { convertCustomer };
