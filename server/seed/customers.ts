/**
 * The demo customers (README.md, "Demo customers"): one for each situation a user will want to
 * try, with their loans, devices, payments and messages; and `--scale N`'s generated customers,
 * written by set-based SQL (generate_series) so 100 000 customers seed in well under a minute.
 */
import { sql } from 'drizzle-orm';
import { luhnValid } from '../../contract/fields';
import type { LockSolution } from '../../contract/customers';
import type { Transaction } from '../db';
import { businessDay } from '../time';
import { firstDueDate } from '../domain/origination/terms';
import {
    admins,
    customers,
    deviceLocks,
    inventoryItems,
    lendingMarks,
    loans,
    phoneModels,
    smsOutbox,
    transactions,
} from '../db/schema';
import { phonePicturePath } from '../domain/phonePictures';
import { imeiSql } from './imei';
import { insertPaymentsInBulk } from './payments';

/** An IMEI from its first 14 digits and the Luhn check digit. */
export const withCheckDigit = (body: string): string => {
    for (let digit = 0; digit <= 9; digit++) {
        if (luhnValid(`${body}${digit}`)) return `${body}${digit}`;
    }
    throw new Error(`No check digit for ${body}`);
};

interface DemoModel {
    sku: string;
    brand: string;
    model: string;
    cashPrice: number;
    deposit: number;
    instalment: number;
    period: 'weekly' | 'monthly';
    term: number;
    lock: LockSolution;
}

/** The catalogue: prices in ZAR; deposit + instalment × term is what a loan costs. */
export const DEMO_MODELS: readonly DemoModel[] = [
    {
        sku: 'SAM-A15-128',
        brand: 'Samsung',
        model: 'Galaxy A15 128 GB',
        cashPrice: 3299,
        deposit: 499,
        instalment: 99,
        period: 'weekly',
        term: 32,
        lock: 'samsung',
    },
    {
        sku: 'SAM-A25-128',
        brand: 'Samsung',
        model: 'Galaxy A25 128 GB',
        cashPrice: 4999,
        deposit: 799,
        instalment: 149,
        period: 'weekly',
        term: 32,
        lock: 'samsung',
    },
    {
        sku: 'VIVO-Y17S-64',
        brand: 'vivo',
        model: 'Y17s 64 GB',
        cashPrice: 2199,
        deposit: 299,
        instalment: 69,
        period: 'weekly',
        term: 30,
        lock: 'vivo',
    },
    {
        sku: 'OPPO-A18-128',
        brand: 'OPPO',
        model: 'A18 128 GB',
        cashPrice: 2599,
        deposit: 399,
        instalment: 79,
        period: 'weekly',
        term: 30,
        lock: 'trustonic',
    },
    {
        sku: 'ZTE-BLADE-A75',
        brand: 'ZTE',
        model: 'Blade A75 128 GB',
        cashPrice: 2299,
        deposit: 299,
        instalment: 259,
        period: 'monthly',
        term: 9,
        lock: 'zte',
    },
    {
        sku: 'TECNO-SPARK20',
        brand: 'TECNO',
        model: 'Spark 20 256 GB',
        cashPrice: 2999,
        deposit: 399,
        instalment: 89,
        period: 'weekly',
        term: 32,
        lock: 'think_adams',
    },
    {
        sku: 'ITEL-A70-64',
        brand: 'itel',
        model: 'A70 64 GB',
        cashPrice: 1499,
        deposit: 199,
        instalment: 149,
        period: 'monthly',
        term: 10,
        lock: 'oguard',
    },
    {
        sku: 'HONOR-X6B-128',
        brand: 'HONOR',
        model: 'X6b 128 GB',
        cashPrice: 2799,
        deposit: 399,
        instalment: 279,
        period: 'monthly',
        term: 10,
        lock: 'rguard',
    },
    {
        sku: 'APPLE-IP13-128',
        brand: 'Apple',
        model: 'iPhone 13 128 GB',
        cashPrice: 11999,
        deposit: 1999,
        instalment: 899,
        period: 'monthly',
        term: 12,
        lock: 'own',
    },
];

const modelOf = (sku: string): DemoModel => {
    const found = DEMO_MODELS.find(model => model.sku === sku);
    if (!found) throw new Error(`Unknown demo model ${sku}`);
    return found;
};

type LoanSituation =
    /**
     * Sold so that the instalments due today are the ones paid (up to date: the lock policy's job
     * leaves it alone), unless `soldDaysAgo` says when (Themba Nkosi's, in arrears).
     */
    | { kind: 'active'; paid: number; device: 'active' | 'locked' | 'failed'; insured?: boolean; soldDaysAgo?: number }
    | { kind: 'paid_off'; device: 'active' | 'released' }
    | { kind: 'awaiting_deposit' }
    | { kind: 'awaiting_lock' };

interface DemoCustomer {
    msisdn: string;
    username: string;
    firstName: string;
    lastName: string;
    /** A South African ID number whose date is the birth date and whose last digit is its Luhn check digit (server/domain/kyc/identity.ts). */
    idNumber: string;
    gender: 'female' | 'male';
    dateOfBirth: string;
    town: string;
    suburb: string;
    province: string;
    postalCode: string;
    store: string | null;
    channel: 'shop' | 'field_agent' | 'digital_assisted';
    creditLimit: number;
    kyc: 'none' | 'pending' | 'verified';
    registeredBy?: string;
    business?: { name: string; employees: number; industry: 'retail'; turnover: '500k_1m' };
    loan?: { reference: string; sku: string; imei: string; situation: LoanSituation; challenge?: string };
    /** What the README's table says the customer shows. */
    shows: string;
}

/** The offline-unlock challenge the locked demo phone shows (README, "Demo customers"). */
export const DEMO_LOCKED_CHALLENGE = '48213907';

/** The demo customers, one per situation; README.md's "Demo customers" table lists them. */
export const DEMO_CUSTOMERS: readonly DemoCustomer[] = [
    {
        msisdn: '27710000001',
        username: 'zanele.dube',
        firstName: 'Zanele',
        lastName: 'Dube',
        idNumber: '9003150123086',
        gender: 'female',
        dateOfBirth: '1990-03-15',
        town: 'Johannesburg',
        suburb: 'Orlando East',
        province: 'Gauteng',
        postalCode: '1804',
        store: 'Soweto Central',
        channel: 'shop',
        creditLimit: 8000,
        kyc: 'verified',
        loan: {
            reference: 'LPP-000001',
            sku: 'SAM-A25-128',
            imei: withCheckDigit('35467811000001'),
            situation: { kind: 'active', paid: 12, device: 'active', insured: true },
        },
        shows: 'an active loan paying weekly, its statement, deposits, insurance, messages; lock the phone',
    },
    {
        msisdn: '27710000002',
        username: 'themba.nkosi',
        firstName: 'Themba',
        lastName: 'Nkosi',
        idNumber: '8507225432083',
        gender: 'male',
        dateOfBirth: '1985-07-22',
        town: 'Johannesburg',
        suburb: 'Diepkloof',
        province: 'Gauteng',
        postalCode: '1862',
        store: 'Soweto Central',
        channel: 'shop',
        creditLimit: 4000,
        kyc: 'verified',
        loan: {
            reference: 'LPP-000002',
            sku: 'OPPO-A18-128',
            imei: withCheckDigit('35467811000002'),
            // Sold 58 days ago, paying weekly: 3 instalments paid and an insurer's 3 (seedMoney.ts)
            // cover 6 of the 8 due, so ZAR 158 (2 × 79) is overdue for 9 days, and paying it
            // unlocks the phone (the lock policy's job; README "Watching the lending loop").
            situation: { kind: 'active', paid: 3, device: 'locked', soldDaysAgo: 58 },
            challenge: DEMO_LOCKED_CHALLENGE,
        },
        shows: `a phone locked for arrears: unlock it, or issue an offline PIN for challenge ${DEMO_LOCKED_CHALLENGE}`,
    },
    {
        msisdn: '27710000003',
        username: 'grace.mthembu',
        firstName: 'Grace',
        lastName: 'Mthembu',
        idNumber: '7811030987088',
        gender: 'female',
        dateOfBirth: '1978-11-03',
        town: 'Johannesburg',
        suburb: 'Pimville',
        province: 'Gauteng',
        postalCode: '1809',
        store: 'Soweto Central',
        channel: 'shop',
        creditLimit: 10000,
        kyc: 'verified',
        loan: {
            reference: 'LPP-000003',
            sku: 'ZTE-BLADE-A75',
            imei: withCheckDigit('35467811000003'),
            situation: { kind: 'paid_off', device: 'released' },
        },
        shows: 'a loan paid off and its phone released',
    },
    {
        msisdn: '27710000004',
        username: 'mandla.zulu',
        firstName: 'Mandla',
        lastName: 'Zulu',
        idNumber: '8202145678086',
        gender: 'male',
        dateOfBirth: '1982-02-14',
        town: 'Durban',
        suburb: 'Umlazi',
        province: 'KwaZulu-Natal',
        postalCode: '4031',
        store: 'Durban Marine Parade',
        channel: 'shop',
        creditLimit: 25000,
        kyc: 'verified',
        business: { name: 'Zulu Spaza Supplies', employees: 6, industry: 'retail', turnover: '500k_1m' },
        loan: {
            reference: 'LPP-000004',
            sku: 'APPLE-IP13-128',
            imei: withCheckDigit('35467811000004'),
            situation: { kind: 'active', paid: 4, device: 'active' },
        },
        shows: 'a business customer of the Durban shop (not visible to the Soweto agent)',
    },
    {
        msisdn: '27710000005',
        username: 'ayanda.cele',
        firstName: 'Ayanda',
        lastName: 'Cele',
        idNumber: '9509305123086',
        gender: 'female',
        dateOfBirth: '1995-09-30',
        town: 'Johannesburg',
        suburb: 'Meadowlands',
        province: 'Gauteng',
        postalCode: '1852',
        store: 'Soweto Central',
        channel: 'shop',
        creditLimit: 3500,
        kyc: 'verified',
        shows: "no loan yet; qualifies for the phones financed up to ZAR 3 500: sell her one from Soweto Central's stock (add loan)",
    },
    {
        msisdn: '27710000006',
        username: 'sibusiso.mokoena',
        firstName: 'Sibusiso',
        lastName: 'Mokoena',
        idNumber: '0001015432089',
        gender: 'male',
        dateOfBirth: '2000-01-01',
        town: 'Johannesburg',
        suburb: 'Dobsonville',
        province: 'Gauteng',
        postalCode: '1863',
        store: 'Soweto Central',
        channel: 'field_agent',
        creditLimit: 2500,
        kyc: 'pending',
        registeredBy: 'fieldagent',
        loan: {
            reference: 'LPP-000006',
            sku: 'VIVO-Y17S-64',
            imei: withCheckDigit('35467811000006'),
            situation: { kind: 'awaiting_deposit' },
        },
        shows: 'registered by the field agent; a sale awaiting its deposit, which can be cancelled; his KYC waits for verification',
    },
    {
        msisdn: '27710000007',
        username: 'lindiwe.ndlovu',
        firstName: 'Lindiwe',
        lastName: 'Ndlovu',
        idNumber: '9212120987088',
        gender: 'female',
        dateOfBirth: '1992-12-12',
        town: 'Johannesburg',
        suburb: 'Protea Glen',
        province: 'Gauteng',
        postalCode: '1818',
        store: 'Soweto Central',
        channel: 'digital_assisted',
        creditLimit: 5000,
        kyc: 'verified',
        loan: {
            reference: 'LPP-000007',
            sku: 'VIVO-Y17S-64',
            imei: withCheckDigit('35467811000007'),
            situation: { kind: 'awaiting_lock' },
        },
        shows: "found through digital-assisted lookup: an order in progress, its Vivo lock waiting for the customer's code",
    },
    {
        msisdn: '27710000008',
        username: 'kagiso.molefe',
        firstName: 'Kagiso',
        lastName: 'Molefe',
        idNumber: '8806065123087',
        gender: 'male',
        dateOfBirth: '1988-06-06',
        town: 'Johannesburg',
        suburb: 'Jabavu',
        province: 'Gauteng',
        postalCode: '1809',
        store: 'Soweto Central',
        channel: 'shop',
        creditLimit: 6000,
        kyc: 'verified',
        loan: {
            reference: 'LPP-000008',
            sku: 'ITEL-A70-64',
            imei: withCheckDigit('35467811000008'),
            situation: { kind: 'paid_off', device: 'active' },
        },
        shows: 'paid off, phone still locked to the loan: release it',
    },
    {
        msisdn: '27710000009',
        username: 'nomsa.khoza',
        firstName: 'Nomsa',
        lastName: 'Khoza',
        idNumber: '9704045123088',
        gender: 'female',
        dateOfBirth: '1997-04-04',
        town: 'Johannesburg',
        suburb: 'Naledi',
        province: 'Gauteng',
        postalCode: '1861',
        store: 'Soweto Central',
        channel: 'shop',
        creditLimit: 4000,
        kyc: 'verified',
        // The simulator fails every command for this type allocation code (server/domain/devices/lockProviders.ts).
        loan: {
            reference: 'LPP-000009',
            sku: 'OPPO-A18-128',
            imei: withCheckDigit('01000000000009'),
            situation: { kind: 'awaiting_lock' },
        },
        shows: 'a sale whose lock activation fails at the provider (confirm the lock to see it)',
    },
    // Requests waiting for a checker, made by `maker` (server/seed/approvals.ts); no e2e journey of
    // the customer view uses these loans, so approving them there changes nothing another relies on.
    {
        msisdn: '27710000010',
        username: 'thabo.sithole',
        firstName: 'Thabo',
        lastName: 'Sithole',
        idNumber: '8909095123083',
        gender: 'male',
        dateOfBirth: '1989-09-09',
        town: 'Johannesburg',
        suburb: 'Zola',
        province: 'Gauteng',
        postalCode: '1868',
        store: 'Soweto Central',
        channel: 'shop',
        creditLimit: 5000,
        kyc: 'verified',
        loan: {
            reference: 'LPP-000010',
            sku: 'SAM-A25-128',
            imei: withCheckDigit('35467811000010'),
            situation: { kind: 'active', paid: 6, device: 'active' },
        },
        shows: 'an active loan (LPP-000010) with a deregistration waiting for a checker',
    },
    {
        msisdn: '27710000011',
        username: 'precious.radebe',
        firstName: 'Precious',
        lastName: 'Radebe',
        idNumber: '9108085123083',
        gender: 'female',
        dateOfBirth: '1991-08-08',
        town: 'Johannesburg',
        suburb: 'Emdeni',
        province: 'Gauteng',
        postalCode: '1861',
        store: 'Soweto Central',
        channel: 'shop',
        creditLimit: 5000,
        kyc: 'verified',
        loan: {
            reference: 'LPP-000011',
            sku: 'OPPO-A18-128',
            imei: withCheckDigit('35467811000011'),
            situation: { kind: 'active', paid: 5, device: 'active' },
        },
        shows: `an active loan (LPP-000011) with an IMEI change to ${withCheckDigit('35467811000111')} waiting for a checker`,
    },
    {
        msisdn: '27710000012',
        username: 'sizwe.mahlaba',
        firstName: 'Sizwe',
        lastName: 'Mahlaba',
        idNumber: '8703035123083',
        gender: 'male',
        dateOfBirth: '1987-03-03',
        town: 'Johannesburg',
        suburb: 'Senaoane',
        province: 'Gauteng',
        postalCode: '1818',
        store: 'Soweto Central',
        channel: 'shop',
        creditLimit: 6000,
        kyc: 'verified',
        loan: {
            reference: 'LPP-000012',
            sku: 'ITEL-A70-64',
            imei: withCheckDigit('35467811000012'),
            situation: { kind: 'active', paid: 8, device: 'active' },
        },
        shows: 'an active loan (LPP-000012) whose transfer to Busisiwe Ngcobo waits for a checker',
    },
    {
        msisdn: '27710000013',
        username: 'busisiwe.ngcobo',
        firstName: 'Busisiwe',
        lastName: 'Ngcobo',
        idNumber: '9311115123087',
        gender: 'female',
        dateOfBirth: '1993-11-11',
        town: 'Johannesburg',
        suburb: 'Mapetla',
        province: 'Gauteng',
        postalCode: '1818',
        store: 'Soweto Central',
        channel: 'shop',
        creditLimit: 6000,
        kyc: 'verified',
        shows: 'no loan yet: receives LPP-000012 when its transfer is approved',
    },
    // Two more phones locked for arrears, Themba Nkosi's story without the insurer: the journeys
    // each clear one (an offline PIN in customers.spec.ts, the lending loop at phone width in
    // lending.phone.spec.ts), so the desktop lending journey finds Themba's still locked.
    ...[
        {
            msisdn: '27710000014',
            username: 'sipho.mahlangu',
            firstName: 'Sipho',
            lastName: 'Mahlangu',
            idNumber: '8803145123088',
            gender: 'male' as const,
            dateOfBirth: '1988-03-14',
            suburb: 'Meadowlands',
            postalCode: '1852',
            reference: 'LPP-000014',
            challenge: '73920514',
        },
        {
            msisdn: '27710000015',
            username: 'lerato.khumalo',
            firstName: 'Lerato',
            lastName: 'Khumalo',
            idNumber: '9206180124087',
            gender: 'female' as const,
            dateOfBirth: '1992-06-18',
            suburb: 'Dobsonville',
            postalCode: '1863',
            reference: 'LPP-000015',
            challenge: undefined,
        },
    ].map(({ reference, challenge, ...person }): DemoCustomer => ({
        ...person,
        town: 'Johannesburg',
        province: 'Gauteng',
        store: 'Soweto Central',
        channel: 'shop',
        creditLimit: 4000,
        kyc: 'verified',
        loan: {
            reference,
            sku: 'OPPO-A18-128',
            imei: withCheckDigit(`354678110000${reference.slice(-2)}`),
            // Sold 58 days ago, paying weekly, 6 of the 8 due paid: ZAR 158 (2 × 79) overdue for 9 days.
            situation: { kind: 'active', paid: 6, device: 'locked', soldDaysAgo: 58 },
            ...(challenge ? { challenge } : {}),
        },
        shows: `a phone locked for arrears (${reference}), as Themba Nkosi's: ZAR 158.00 overdue for 9 days`,
    })),
];

const DAY_MS = 24 * 60 * 60_000;
const round = (value: number) => Math.round(value * 100) / 100;

interface SeedIds {
    stores: ReadonlyMap<string, number>;
    admins: ReadonlyMap<string, number>;
}

/** The catalogue, some stock in every shop, and the demo customers with everything they show. */
export const seedDemoCustomers = async (tx: Transaction, ids: SeedIds, now: Date): Promise<void> => {
    await tx.insert(phoneModels).values(
        DEMO_MODELS.map(model => ({
            sku: model.sku,
            brand: model.brand,
            model: model.model,
            image: phonePicturePath(model.sku),
            cashPrice: model.cashPrice,
            deposit: model.deposit,
            instalmentAmount: model.instalment,
            instalmentPeriod: model.period,
            term: model.term,
            lockSolution: model.lock,
            createdAt: now,
        })),
    );
    // Three of each model in stock in every shop.
    const stock = [...ids.stores.values()].flatMap((storeId, storeIndex) =>
        DEMO_MODELS.flatMap((model, modelIndex) =>
            [0, 1, 2].map(unit => ({
                sku: model.sku,
                imei: withCheckDigit(
                    `3546790${String(storeIndex).padStart(2, '0')}${String(modelIndex).padStart(2, '0')}${String(unit).padStart(3, '0')}`,
                ),
                storeId,
                status: 'in_stock' as const,
                createdAt: now,
            })),
        ),
    );
    await tx.insert(inventoryItems).values(stock);

    const agentId = ids.admins.get('agent') ?? null;
    for (const [index, demo] of DEMO_CUSTOMERS.entries()) {
        const storeId = demo.store ? (ids.stores.get(demo.store) ?? null) : null;
        const createdAt = new Date(now.getTime() - (200 - index) * DAY_MS);
        const [customer] = await tx
            .insert(customers)
            .values({
                msisdn: demo.msisdn,
                username: demo.username,
                firstName: demo.firstName,
                lastName: demo.lastName,
                idNumber: demo.idNumber,
                alternateMsisdn: `2760${demo.msisdn.slice(-7)}`,
                email: `${demo.username}@mail.example`,
                gender: demo.gender,
                dateOfBirth: demo.dateOfBirth,
                unitHouseNumber: String(10 + index * 7),
                street: `${['Vilakazi', 'Khumalo', 'Mofolo', 'Ntsane'][index % 4]} Street`,
                suburb: demo.suburb,
                town: demo.town,
                province: demo.province,
                postalCode: demo.postalCode,
                customerType: demo.business ? 'business' : 'normal',
                ...(demo.business
                    ? {
                          businessName: demo.business.name,
                          employeeCount: demo.business.employees,
                          industryVertical: demo.business.industry,
                          turnoverBand: demo.business.turnover,
                          businessStreet: '112 Mangosuthu Highway',
                          businessSuburb: demo.suburb,
                          businessTown: demo.town,
                          businessProvince: demo.province,
                          businessPostalCode: demo.postalCode,
                      }
                    : {}),
                creditLimit: demo.creditLimit,
                kycStatus: demo.kyc,
                channel: demo.channel,
                storeId,
                registeredByAdminId: demo.registeredBy ? (ids.admins.get(demo.registeredBy) ?? null) : agentId,
                createdAt,
            })
            .returning({ id: customers.id });
        if (!customer) throw new Error(`Could not seed customer ${demo.msisdn}`);
        await tx.insert(smsOutbox).values({
            msisdn: demo.msisdn,
            text: `Welcome to Lipa Pole Pole, ${demo.firstName}. Your credit limit is ZAR ${demo.creditLimit}.`,
            purpose: 'notice',
            createdAt,
        });
        if (demo.loan) await seedDemoLoan(tx, { ...demo, loan: demo.loan }, customer.id, storeId, agentId, createdAt, now);
    }
};

const seedDemoLoan = async (
    tx: Transaction,
    demo: DemoCustomer & { loan: NonNullable<DemoCustomer['loan']> },
    customerId: number,
    storeId: number | null,
    agentId: number | null,
    registeredAt: Date,
    now: Date,
) => {
    const { loan: spec } = demo;
    const model = modelOf(spec.sku);
    const situation = spec.situation;
    // An active loan's schedule runs from its sale: up to date (its last instalment paid a few days
    // ago, the next due in a few: the lock policy's job leaves it alone) unless it says when it was sold.
    const weekly = model.period === 'weekly';
    const soldDaysAgo =
        situation.kind === 'active' ? (situation.soldDaysAgo ?? situation.paid * (weekly ? 7 : 30) + (weekly ? 3 : 10)) : null;
    const createdAt = soldDaysAgo === null ? registeredAt : new Date(now.getTime() - soldDaysAgo * DAY_MS);
    const price = round(model.deposit + model.instalment * model.term);
    const depositPaid = situation.kind !== 'awaiting_deposit';
    const instalmentsPaid = situation.kind === 'active' ? situation.paid : situation.kind === 'paid_off' ? model.term : 0;
    const balance =
        situation.kind === 'paid_off' ? 0 : round(price - (depositPaid ? model.deposit : 0) - instalmentsPaid * model.instalment);
    // Paid off is completed whether or not the phone was released yet (docs/domain.md, "Loan").
    const status = situation.kind === 'paid_off' ? 'completed' : situation.kind;
    const [item] = await tx
        .insert(inventoryItems)
        .values({
            sku: model.sku,
            imei: spec.imei,
            storeId: storeId ?? 1,
            status: status === 'awaiting_deposit' ? 'reserved' : 'sold',
            createdAt,
        })
        .returning({ id: inventoryItems.id });
    const [loan] = await tx
        .insert(loans)
        .values({
            loanReference: spec.reference,
            customerId,
            inventoryItemId: item?.id ?? null,
            imei: spec.imei,
            sku: model.sku,
            lockSolution: model.lock,
            price,
            deposit: model.deposit,
            instalment: model.instalment,
            instalmentPeriod: model.period,
            term: model.term,
            cashPrice: model.cashPrice,
            firstDueDate: firstDueDate(businessDay(createdAt), model.period),
            balance,
            agentAdminId: agentId,
            storeId,
            channel: demo.channel,
            status,
            ...(situation.kind === 'active' && situation.insured
                ? {
                      insurer: 'Hollard',
                      insurancePolicyNumber: `HOL-${spec.reference}`,
                      insurancePremium: 39,
                      insuredUntil: new Date(now.getTime() + 200 * DAY_MS).toISOString().slice(0, 10),
                  }
                : {}),
            createdAt,
            updatedAt: createdAt,
        })
        .returning({ id: loans.id });
    if (!loan) throw new Error(`Could not seed loan ${spec.reference}`);

    const deviceState =
        situation.kind === 'active' ? situation.device : situation.kind === 'paid_off' ? situation.device : 'pending';
    const confirmed = deviceState === 'failed' ? 'active' : deviceState;
    await tx.insert(deviceLocks).values({
        loanId: loan.id,
        imei: spec.imei,
        lockSolution: model.lock,
        state: deviceState,
        confirmedState: confirmed,
        confirmedAt: deviceState === 'pending' ? null : createdAt,
        challenge: spec.challenge ?? String(10_000_000 + customerId * 7919).slice(0, 8),
        failureReason: deviceState === 'failed' ? 'The provider did not answer' : null,
        // The demo's locked phones were locked by the lock policy, for arrears: paying them unlocks them.
        lockReason: deviceState === 'locked' ? 'arrears' : null,
        updatedAt: createdAt,
    });

    const payments: { kind: 'deposit' | 'instalment'; amount: number; at: Date }[] = [];
    if (depositPaid) payments.push({ kind: 'deposit', amount: model.deposit, at: createdAt });
    const step = model.period === 'weekly' ? 7 : 30;
    for (let paid = 1; paid <= instalmentsPaid; paid++) {
        payments.push({ kind: 'instalment', amount: model.instalment, at: new Date(createdAt.getTime() + paid * step * DAY_MS) });
    }
    // A paid-off loan paid faster than its term: its payments end before today.
    const last = payments.at(-1)?.at.getTime() ?? 0;
    const shift = last > now.getTime() ? last - now.getTime() + DAY_MS : 0;
    if (payments.length > 0) {
        await tx.insert(transactions).values(
            payments.map((payment, index) => ({
                reference: `TX-${spec.reference}-${String(index).padStart(3, '0')}`,
                msisdn: demo.msisdn,
                loanId: loan.id,
                amount: payment.amount,
                channel: 'mpesa' as const,
                kind: payment.kind,
                paidAt: new Date(payment.at.getTime() - shift),
                createdAt: new Date(payment.at.getTime() - shift),
            })),
        );
    }
    const notices = [
        `Your loan ${spec.reference} for a ${model.brand} ${model.model} is open. Pay ZAR ${model.instalment} ${model.period}.`,
        ...(deviceState === 'locked'
            ? [`Your phone is locked because ${spec.reference} is in arrears. Pay ZAR ${model.instalment * 2} to unlock it.`]
            : []),
        ...(status === 'completed' ? [`Congratulations! Loan ${spec.reference} is paid off and your phone is yours.`] : []),
    ];
    await tx.insert(smsOutbox).values(
        notices.map((text, index) => ({
            msisdn: demo.msisdn,
            text,
            purpose: 'notice' as const,
            createdAt: new Date(createdAt.getTime() + index * DAY_MS),
        })),
    );
};

// ---------------------------------------------------------------------------------------------
// --scale N

/** The first 14 digits of generated IMEIs: a type allocation code of their own, then the number. */
const GENERATED_TAC = '35999';

/**
 * A version 4 uuid's form made from `text`, an SQL expression: its md5, with the version and
 * variant digits set. The same text makes the same uuid, so the same N makes the same rows.
 */
export const uuidFromText = (text: string) =>
    sql.raw(`(SELECT (substr(h, 1, 8) || '-' || substr(h, 9, 4) || '-4' || substr(h, 14, 3) || '-8' || substr(h, 18, 3)
                      || '-' || substr(h, 21, 12))::uuid
              FROM md5(${text}) AS h)`);

/** Generated customers and their loans start over the last two years, one day after another. */
const GENERATED_DAYS = 730;

/**
 * N generated customers: 7 in 10 with a loan (mostly active, some locked for arrears, some paid
 * off and released), each with its stock item, device lock, deposit, instalments and a message.
 * Each loan is sold by one of its shop's active generated sales agents (`sellerIds`), where the
 * shop has any, spread over them in turn. Set-based SQL, one statement per table, so the time
 * grows with the rows, not the round trips.
 */
export const seedGeneratedCustomers = async (
    tx: Transaction,
    howMany: number,
    storeIds: readonly number[],
    now: Date,
    sellerIds: readonly number[] = [],
) => {
    if (howMany <= 0) return;
    const stores = sql.raw(`(ARRAY[${storeIds.map(Number).join(',')}]::int[])`);
    const storeCount = storeIds.length;
    const skus = sql.raw(`(ARRAY[${DEMO_MODELS.map(model => `'${model.sku}'`).join(',')}]::text[])`);
    const modelCount = DEMO_MODELS.length;
    const at = now.toISOString();

    await tx.execute(sql`
        INSERT INTO ${customers} (public_id, msisdn, username, first_name, last_name, id_type, id_number, email, gender, date_of_birth,
            unit_house_number, street, suburb, town, province, postal_code, credit_limit, kyc_status, channel, store_id, created_at)
        -- The public id: a version 4 uuid's form, from the number (the same rows for the same N).
        SELECT ${uuidFromText("'generated customer ' || g")},
               '2772' || lpad(g::text, 7, '0'),
               'customer' || g,
               (ARRAY['Thabo','Lerato','Sipho','Naledi','Bongani','Palesa','Tshepo','Nomvula','Kabelo','Ayanda','Lwazi','Refilwe'])[1 + g % 12],
               (ARRAY['Mokoena','Dlamini','Nkosi','Ndlovu','Khumalo','Mahlangu','Zulu','Mthembu','Molefe','Sithole','Radebe'])[1 + (g / 12) % 11],
               'national_id',
               '8' || lpad(g::text, 12, '0'),
               'customer' || g || '@mail.example',
               (ARRAY['female','male']::gender[])[1 + g % 2],
               (date '1960-01-01' + (g * 37 % 15000)),
               (1 + g % 400)::text,
               (ARRAY['Vilakazi','Khumalo','Mofolo','Ntsane','Main','Church'])[1 + g % 6] || ' Street',
               (ARRAY['Orlando','Diepkloof','Umlazi','Bellville','Sunnyside','Pimville'])[1 + g % 6],
               (ARRAY['Johannesburg','Durban','Cape Town','Pretoria'])[1 + g % 4],
               (ARRAY['Gauteng','KwaZulu-Natal','Western Cape','Gauteng'])[1 + g % 4],
               lpad((1000 + g % 8000)::text, 4, '0'),
               (2000 + (g % 9) * 1000)::numeric,
               (ARRAY['verified','verified','verified','pending','none']::kyc_status[])[1 + g % 5],
               'shop',
               ${stores}[1 + g % ${storeCount}],
               ${at}::timestamptz - ((1 + g % ${GENERATED_DAYS}) || ' days')::interval
        -- In the numbers' order (ids follow g), sorting the numbers alone rather than the rows made of them.
        FROM (SELECT g FROM generate_series(1, ${howMany}) AS g ORDER BY g) AS numbers`);
    // Statistics of the rows just added (their indexes may be built only later, server/seed/business.ts `deferIndexes`).
    await tx.execute(sql`ANALYZE ${customers}`);

    // The loans' phones (IMEI 35999, 9 digits of g, the Luhn check digit) and the loans, in one
    // statement: each loan finds its customer by its phone number (one hash join).
    // Status by g % 10: 0–4 active, 5 active and locked for arrears (below), 6 paid off and released
    // once its term has run (active until then). A loan has paid at most the instalments due by now.
    // The shop's sellers numbered 0, 1, … in id order; the customers of a shop are every
    // storeCount-th g, so g / storeCount takes each of them in turn.
    const sellers = sql.raw(`(ARRAY[${sellerIds.map(Number).join(',')}]::int[])`);
    await tx.execute(sql`
        WITH sellers AS MATERIALIZED (
            SELECT a.id, a.store_id, (row_number() OVER (PARTITION BY a.store_id ORDER BY a.id) - 1)::int AS n
            FROM ${admins} a
            WHERE a.id = ANY(${sellers}) AND a.status = 'active' AND a.store_id IS NOT NULL
        ),
        shops AS MATERIALIZED (SELECT store_id, count(*)::int AS sellers FROM sellers GROUP BY store_id),
        items AS (
            INSERT INTO ${inventoryItems} (sku, imei, store_id, status, created_at)
            SELECT ${skus}[1 + g % ${modelCount}],
                   ${imeiSql(GENERATED_TAC, 'g')},
                   ${stores}[1 + g % ${storeCount}],
                   'sold',
                   ${at}::timestamptz - ((1 + g % ${GENERATED_DAYS}) || ' days')::interval
            FROM generate_series(1, ${howMany}) AS g
            WHERE g % 10 < 7
            RETURNING id, imei, sku
        )
        INSERT INTO ${loans} (loan_reference, customer_id, inventory_item_id, imei, sku, lock_solution, price, deposit, instalment,
            instalment_period, term, cash_price, first_due_date, balance, store_id, channel, status, created_at, updated_at,
            deposit_paid_at, agent_admin_id, lock_state)
        SELECT 'LPS-' || lpad(n.g::text, 8, '0'), c.id, i.id, i.imei, m.sku, m.lock_solution,
               m.deposit + m.instalment_amount * m.term, m.deposit, m.instalment_amount, m.instalment_period, m.term,
               m.cash_price,
               ((c.created_at AT TIME ZONE 'Africa/Johannesburg')::date
                   + CASE WHEN m.instalment_period = 'weekly' THEN interval '7 days' ELSE interval '1 month' END)::date,
               CASE WHEN p.done THEN 0 ELSE m.instalment_amount * (m.term - p.paid) END,
               c.store_id, 'shop',
               (CASE WHEN p.done THEN 'completed' ELSE 'active' END)::loan_status,
               c.created_at, c.created_at,
               -- The day of its deposit (paid at the sale, below), which the deposit-day trigger keeps.
               c.created_at,
               s.id,
               -- Its phone's lock state (the locks, below): released once paid off, locked for status 5.
               (CASE WHEN p.done THEN 'released' WHEN n.g % 10 = 5 THEN 'locked' ELSE 'active' END)::device_state
        FROM items i
        CROSS JOIN LATERAL (SELECT substr(i.imei, 6, 9)::int AS g) AS n
        JOIN ${customers} c ON c.msisdn = '2772' || lpad(n.g::text, 7, '0')
        JOIN ${phoneModels} m ON m.sku = i.sku
        CROSS JOIN LATERAL (
            SELECT least(m.term, floor(extract(epoch FROM ${at}::timestamptz - c.created_at) / 86400
                                       / CASE WHEN m.instalment_period = 'weekly' THEN 7 ELSE 30 END)::int) AS due
        ) AS d
        CROSS JOIN LATERAL (
            SELECT n.g % 10 = 6 AND d.due = m.term AS done, least((n.g * 7) % m.term, d.due) AS paid
        ) AS p
        -- Two equalities, so each loan finds its seller by hash rather than among all its shop's.
        LEFT JOIN shops sh ON sh.store_id = c.store_id
        LEFT JOIN sellers s ON s.store_id = c.store_id AND s.n = (n.g / ${storeCount}) % sh.sellers`);
    await tx.execute(sql`ANALYZE ${loans}, ${inventoryItems}`);

    // Each loan's phone's lock, in the state its loan already names (above): the trigger that copies
    // it to the loan (migration 0045) is off for this statement, in this transaction alone, or it
    // would write every loan again, leaving a dead version of each.
    await tx.execute(sql`ALTER TABLE ${deviceLocks} DISABLE TRIGGER device_locks_lock_state_added`);
    await tx.execute(sql`
        INSERT INTO ${deviceLocks} (loan_id, imei, lock_solution, state, confirmed_state, confirmed_at, challenge, updated_at, lock_reason)
        SELECT l.id, l.imei, l.lock_solution, l.lock_state, l.lock_state::text::confirmed_device_state, l.created_at,
               lpad(((l.id::bigint * 7919) % 100000000)::text, 8, '0'), l.created_at,
               CASE WHEN l.lock_state = 'locked' THEN 'arrears'::lock_reason END
        FROM ${loans} l
        WHERE l.loan_reference LIKE 'LPS-%'`);
    await tx.execute(sql`ALTER TABLE ${deviceLocks} ENABLE TRIGGER device_locks_lock_state_added`);

    // The deposit, then each instalment paid (price − deposit − balance, in instalments). The
    // deposit-day trigger (migration 0012) would work out each loan's first deposit once per
    // deposit, a row at a time; the loans above carry it already (their deposit is paid at the sale),
    // so the trigger is off for this statement, in this transaction alone. So is the last payment's
    // (migration 0042), set for every loan at once after (./payments.ts).
    await tx.execute(sql`ALTER TABLE ${transactions} DISABLE TRIGGER transactions_deposit_added`);
    await insertPaymentsInBulk(
        tx,
        () =>
            tx.execute(sql`
            INSERT INTO ${transactions} (reference, msisdn, loan_id, amount, channel, kind, paid_at, created_at)
            SELECT reference, msisdn, loan_id, amount, channel, kind, at, at FROM (
            SELECT 'TXS-' || l.id || '-' || k AS reference, c.msisdn, l.id AS loan_id,
                   CASE WHEN k = 0 THEN l.deposit ELSE l.instalment END AS amount,
                   (ARRAY['mpesa','mpesa','card','cash']::transaction_channel[])[1 + (l.id + k) % 4] AS channel,
                   (CASE WHEN k = 0 THEN 'deposit' ELSE 'instalment' END)::transaction_kind AS kind,
                   l.created_at + make_interval(days => k * CASE WHEN l.instalment_period = 'weekly' THEN 7 ELSE 30 END) AS at
            FROM ${loans} l
            JOIN ${customers} c ON c.id = l.customer_id
            CROSS JOIN generate_series(0, round((l.price - l.deposit - l.balance) / l.instalment)::int) AS k
            WHERE l.loan_reference LIKE 'LPS-%'
            ) AS payment
            WHERE at <= ${at}::timestamptz`),
        sql`${loans.loanReference} LIKE 'LPS-%'`,
    );
    await tx.execute(sql`ALTER TABLE ${transactions} ENABLE TRIGGER transactions_deposit_added`);

    await tx.execute(sql`
        INSERT INTO ${smsOutbox} (msisdn, text, purpose, created_at)
        SELECT c.msisdn, 'Your loan ' || l.loan_reference || ' is open. Pay ZAR ' || l.instalment || ' ' || l.instalment_period || '.',
               'notice', l.created_at
        FROM ${loans} l JOIN ${customers} c ON c.id = l.customer_id
        WHERE l.loan_reference LIKE 'LPS-%'`);

    // Statistics of the tables just filled (customers, loans and stock have theirs), so the seed's
    // later statements plan with them as they now are.
    await tx.execute(sql`ANALYZE ${deviceLocks}, ${transactions}, ${smsOutbox}, ${lendingMarks}`);
};
