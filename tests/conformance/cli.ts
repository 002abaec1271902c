/**
 * `npm run conformance -- --base URL [--token TOKEN] [--writes]`: checks a portal_api backend
 * against the contract (run.ts) and prints a line per call; exits 1 when any answer is outside
 * the contract, 2 on wrong arguments or a backend it cannot reach.
 */
import { parseArgs } from 'node:util';
import { runConformance, type CallReport } from './run';

const USAGE = 'usage: npm run conformance -- --base https://backend.example [--token TOKEN] [--writes]';

const line = (report: CallReport) =>
    [
        report.verdict.padEnd(8),
        String(report.status ?? '').padEnd(4),
        `${report.call} (${report.method} ${report.path})`,
        report.detail ? `: ${report.detail}` : '',
    ].join(' ');

const main = async () => {
    let values: { base?: string; token?: string; writes?: boolean };
    try {
        ({ values } = parseArgs({
            options: { base: { type: 'string' }, token: { type: 'string' }, writes: { type: 'boolean' } },
        }));
    } catch (error) {
        console.error(`${(error as Error).message}\n${USAGE}`);
        return 2;
    }
    if (!values.base) {
        console.error(USAGE);
        return 2;
    }
    if (values.writes) {
        console.error('--writes: the calls that change data run too, and change the backend’s data. Never against production.');
    }
    let reports: CallReport[];
    try {
        reports = await runConformance({ base: values.base, token: values.token, writes: values.writes });
    } catch (error) {
        const cause = (error as Error & { cause?: Error }).cause;
        console.error(`Could not reach ${values.base}: ${cause?.message ?? (error as Error).message}`);
        return 2;
    }
    for (const report of reports) console.log(line(report));
    const count = (verdict: CallReport['verdict']) => reports.filter(report => report.verdict === verdict).length;
    console.log(
        `\n${reports.length} calls: ${count('answered')} answered in shape, ${count('refused')} refused as the contract allows, ` +
            `${count('outside')} outside the contract, ${count('skipped')} skipped`,
    );
    return count('outside') > 0 ? 1 : 0;
};

process.exitCode = await main();
