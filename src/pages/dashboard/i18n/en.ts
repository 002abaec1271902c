import type { CatalogPart } from '../../../i18n/mergeCatalogs';

/**
 * The dashboard's words (its greeting, shortcuts and headline numbers) and its menu entry's, in
 * English: found by their place and merged into the app part (src/i18n/mergeCatalogs.ts).
 */
const en = {
    dashboard: {
        greeting: 'Welcome, %{name}',
        group: 'Security group',
        shop: 'Shop',
        no_shop: 'No shop',
        session: 'Session',
        session_until: 'Signed in until %{time}',
        shortcuts: 'Your shortcuts',
        no_shortcuts: 'Your security group has no screens yet. Ask an administrator for the roles you need.',
        kpi: {
            title: {
                all: 'The business this month',
                shop: '%{name} this month',
                agent: 'Sales by %{name} this month',
            },
            period: '%{current}, compared with %{previous}',
            open_bi: 'Open Analytics',
            loading: 'Loading your numbers',
            loans_originated: 'Loans originated',
            loan_value: 'Value of loans originated',
            collected: 'Collected',
            repayment_rate: 'Repayment rate',
            par: 'Portfolio at risk (PAR %{days})',
            devices_locked: 'Devices locked',
            today: 'Today',
            last_month: 'Last month: %{value}',
            change: {
                up: 'Up %{size} on last month',
                down: 'Down %{size} on last month',
                same: 'Same as last month',
                no_comparable: 'No comparable period: too few loans last month',
            },
            points: '%{points} percentage points',
            nothing_due: 'Nothing fell due this month',
            collected_of_due: '%{collected} of %{due} due',
            at_risk_of: '%{at_risk} of %{balance} outstanding',
            no_active: 'No active loans',
            of_active: 'Of %{count} active loan |||| Of %{count} active loans',
        },
    },
    menu: {
        dashboard: 'Dashboard',
    },
} satisfies CatalogPart;

export default en;
