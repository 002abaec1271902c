/**
 * What the approvals journeys (approvals.spec.ts at 1280 px, approvals.phone.spec.ts at 360 px)
 * share: requests raised and decided through the API, fresh IMEIs, a second signed-in user.
 *
 * The journeys act on the demo loans kept for the approvals (README, "Demo customers"):
 * LPP-000010 (Thabo Sithole), LPP-000011 (Precious Radebe) and LPP-000012 (Sizwe Mahlaba), which
 * no other journey uses. They change only IMEIs (each to a new one) and reject the rest, so every
 * loan stays active with its owner, and an agent they approve is one they registered.
 */
import { expect, type APIRequestContext, type Browser, type Page } from './test';
import { API_BASE } from '../../contract';
import {
    type ApprovalRequest,
    decideImeiChange,
    decideLoanRemoval,
    pendingImeiRequests,
    pendingLoanRemovalRequests,
    requestImeiChange,
    requestLoanDeactivation,
} from '../../contract/approvals';
import { expectDashboard, signIn, tokenOf } from './support';

/** The demo customers of the approvals (server/seed/customers.ts). */
export const THABO = { msisdn: '27710000010', name: 'Thabo Sithole', loan: 'LPP-000010' };
export const PRECIOUS = { msisdn: '27710000011', name: 'Precious Radebe', loan: 'LPP-000011' };
export const SIZWE = { msisdn: '27710000012', name: 'Sizwe Mahlaba', loan: 'LPP-000012' };

/** The Luhn check digit of 14 digits. */
const checkDigit = (digits: string) => {
    let sum = 0;
    [...digits].reverse().forEach((char, index) => {
        let value = Number(char);
        if (index % 2 === 0) {
            value *= 2;
            if (value > 9) value -= 9;
        }
        sum += value;
    });
    return String((10 - (sum % 10)) % 10);
};

/** An IMEI no phone has yet: 3599, the clock and chance, and its check digit. */
export const freshImei = () => {
    const digits = `3599${String(Date.now()).slice(-7)}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;
    return digits + checkDigit(digits);
};

/** A demo account's calls through the API, for setting a journey up (or its refusals). */
export const apiAs = async (request: APIRequestContext, username: string) => {
    const headers = { authorization: `Bearer ${await tokenOf(request, username)}` };
    const post = (path: string, data: unknown) => request.post(`${API_BASE}${path}`, { headers, data });
    return {
        post,
        /** The pending request of this kind on this loan, as a checker's queue lists it. */
        async pendingOn(kind: 'imei_change' | 'deregistration', loan: string): Promise<ApprovalRequest> {
            const call = kind === 'imei_change' ? pendingImeiRequests : pendingLoanRemovalRequests;
            const answer = await post(call.path, { q: loan });
            expect(answer.ok(), await answer.text()).toBe(true);
            const { pending_requests } = (await answer.json()) as { pending_requests: ApprovalRequest[] };
            const found = pending_requests.find(row => row.loan_reference === loan);
            if (!found) throw new Error(`No pending ${kind} on ${loan}`);
            return found;
        },
        /**
         * An IMEI change by the maker. A phone changed a moment ago is still exchanging its lock
         * until the (simulated) provider answers, 2 to 10 s later: until then the request is
         * refused (409 errors.device_state), so it is asked again for a while.
         */
        async requestImei(loan: string, newImei: string) {
            await expect(async () => {
                const answer = await post(requestImeiChange.path, {
                    loan_reference: loan,
                    new_imei: newImei,
                    reason: 'The shop replaced the phone under warranty',
                });
                expect(answer.ok(), await answer.text()).toBe(true);
            }).toPass({ intervals: [1000, 2000], timeout: 30_000 });
        },
        async requestDeregistration(loan: string) {
            const answer = await post(requestLoanDeactivation.path, {
                loan_reference: loan,
                reason: 'The customer asked to end the contract',
            });
            expect(answer.ok(), await answer.text()).toBe(true);
        },
        decide: (kind: 'imei_change' | 'deregistration', id: number, decision: 'approve' | 'reject', note?: string) =>
            post(kind === 'imei_change' ? decideImeiChange.path : decideLoanRemoval.path, {
                request_id: id,
                decision,
                ...(note ? { note } : {}),
            }),
    };
};

/** Another person signed in, in their own browser (its own tab lock and session), at the page's width. */
export const signedInElsewhere = async (browser: Browser, page: Page, username: string) => {
    const context = await browser.newContext({
        viewport: page.viewportSize() ?? undefined,
        isMobile: (page.viewportSize()?.width ?? 1280) < 600,
        hasTouch: (page.viewportSize()?.width ?? 1280) < 600,
    });
    const other = await context.newPage();
    await signIn(other, username);
    await expectDashboard(other, /Welcome, /);
    return { page: other, close: () => context.close() };
};

/**
 * Searches a queue (the search matches the loan reference, phone number or name) and waits until
 * the list shows what it found: `count` requests.
 */
export const searchQueue = async (page: Page, text: string, count = 1) => {
    // The search applies after a pause: a row picked before it lands would be unselected by it.
    const applied = page.waitForResponse(
        response =>
            (response.request().postData() ?? '').includes(`"q":"${text}"`) ||
            response.url().includes(`q=${encodeURIComponent(text)}`),
    );
    await page.getByRole('textbox', { name: 'Search' }).fill(text);
    await applied;
    await expect(page.getByText(count === 1 ? '1 request' : `${count} requests`, { exact: true })).toBeVisible();
};
