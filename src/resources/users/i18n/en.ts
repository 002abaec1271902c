import type { CatalogPart } from '../../../i18n/mergeCatalogs';

/**
 * The portal users' screens' words and their menu entry's, in English: found by their place and
 * merged into the app part (src/i18n/mergeCatalogs.ts).
 */
const en = {
    menu: {
        users: 'Users',
    },
    resources: {
        users: {
            name: 'Portal user |||| Portal users',
            fields: {
                name: 'Name',
                username: 'Username',
                first_name: 'First name',
                last_name: 'Last name',
                msisdn: 'Phone number',
                email: 'Email',
                group_id: 'Security group',
                store_id: 'Shop',
                status: 'Status',
                otp_enabled: 'SMS code at sign-in',
                password: 'Password',
                current_password: 'Your current password',
                created_at: 'Created',
                q: 'Search',
            },
            statuses: { pending_approval: 'Awaiting approval', active: 'Active', disabled: 'Disabled' },
            store_help: 'Only for shop owners and shop staff',
            otp_help: 'The user confirms each sign-in with a code sent by SMS',
            msisdn_help:
                'International form, e.g. 27821234567; a South African number starting with 0 (0821234567) is saved as 27821234567',
            created: 'User %{username} created',
            // Editing a user and the account actions
            edit: {
                own_group: 'You cannot change your own group or shop.',
                group_help: 'Only groups whose roles you all hold',
                current_password_help: 'Changing your own phone number or turning off the SMS code needs your password again',
            },
            account: {
                title: 'Account',
                disable: 'Disable',
                enable: 'Enable',
                end_sessions: 'End sessions',
                release: 'Release sign-in',
                disable_title: 'Disable %{name}?',
                disable_content:
                    '%{name} will be signed out everywhere at once and cannot sign in until the account is enabled again.',
                enable_title: 'Enable %{name}?',
                enable_content: '%{name} will be able to sign in again.',
                end_sessions_title: 'End the sessions of %{name}?',
                end_sessions_content: '%{name} will be signed out on every device and must sign in again.',
                release_title: 'Release the sign-in of %{name}?',
                release_content:
                    'The recent failed sign-ins of %{name} are forgiven, so a throttled account can sign in again at once.',
                disable_done: '%{name} is disabled; their sessions have ended',
                enable_done: '%{name} is enabled',
                end_sessions_done: '%{smart_count} session ended |||| %{smart_count} sessions ended',
                release_done:
                    'Sign-in released: %{smart_count} failed attempt forgiven |||| Sign-in released: %{smart_count} failed attempts forgiven',
                awaiting_approval: 'This registration awaits approval: approving it enables the account.',
                reset_password: 'Reset password',
                reset_password_title: 'Reset the password of %{name}?',
                reset_password_content:
                    'A temporary password replaces the current one. %{name} is signed out on every device at once, is told by SMS, and must choose a new password at the next sign-in.',
                temporary_title: 'Temporary password for %{name}',
                temporary_label: 'Temporary password',
                temporary_warning:
                    'Copy it now: it will not be shown again. Give it to %{name} in person or by phone, never by email or chat.',
                copy: 'Copy',
                copied: 'Copied',
                copy_failed: 'Could not copy: select the password and copy it by hand.',
                done: 'Done',
            },
            bulk: {
                disable_title: 'Disable %{smart_count} user? |||| Disable %{smart_count} users?',
                disable_content: 'Each is signed out everywhere at once and cannot sign in until the account is enabled again.',
                enable_title: 'Enable %{smart_count} user? |||| Enable %{smart_count} users?',
                enable_content: 'Each will be able to sign in again.',
                end_sessions_title: 'End the sessions of %{smart_count} user? |||| End the sessions of %{smart_count} users?',
                end_sessions_content: 'Each is signed out on every device and must sign in again.',
                own_left_out: 'Your own account is among those selected: it is left out.',
                own_account: 'Left out: this is your own account',
                done_disable: 'Disabled; their sessions have ended',
                done_enable: 'Enabled',
                outcome_title: 'What happened to each user',
                outcome_summary: 'Done: %{done}. Refused: %{refused}.',
            },
        },
    },
} satisfies CatalogPart;

export default en;
