/**
 * The first ten minutes (README): `npm install` on the Node versions `package.json` declares
 * prints no engine warning, and loading the Vite config (every `npm start`, build and e2e run)
 * prints nothing a user cannot act on.
 */
import { readFileSync } from 'node:fs';
import { loadConfigFromFile, type Logger } from 'vite';
import { describe, expect, it } from 'vitest';

type Version = readonly [number, number, number];

const versionOf = (text: string): Version => {
    const [major = 0, minor = 0, patch = 0] = text
        .replace(/^v/, '')
        .split('.')
        .map(part => (part === '*' || part === 'x' ? 0 : Number(part)));
    return [major, minor, patch];
};

const compare = (a: Version, b: Version) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/**
 * Whether an `engines.node` range admits a version: the forms the lockfile holds (`>=20.19.0`,
 * `^20.19.0 || >=22.12.0`, `20 || >=22`, `10.* || >= 12.*`, `*`), as npm reads them.
 */
const admits = (range: string, version: Version): boolean =>
    range.split('||').some(alternative =>
        alternative
            .trim()
            .replace(/(>=|<=|>|<|\^|~)\s+/g, '$1')
            .split(/\s+/)
            .every(comparator => {
                const match = /^(>=|<=|>|<|\^|~|=)?(.*)$/.exec(comparator);
                const operator = match?.[1] ?? '';
                const text = match?.[2] ?? '';
                if (text === '' || text === '*' || text === 'x') return true;
                const bound = versionOf(text);
                const order = compare(version, bound);
                switch (operator) {
                    case '>=':
                        return order >= 0;
                    case '>':
                        return order > 0;
                    case '<=':
                        return order <= 0;
                    case '<':
                        return order < 0;
                    case '^':
                        return order >= 0 && version[0] === bound[0];
                    case '~':
                        return order >= 0 && version[0] === bound[0] && version[1] === bound[1];
                    default: {
                        // A bare version or an x-range: the parts given must match.
                        const given = text.replace(/^v/, '').split('.');
                        return given.every((part, index) => part === '*' || part === 'x' || Number(part) === version[index]);
                    }
                }
            }),
    );

interface Lockfile {
    packages: Record<string, { engines?: { node?: string } | string[] }>;
}

const packageJson = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } };
const lockfile = JSON.parse(readFileSync('package-lock.json', 'utf8')) as Lockfile;

/** The lowest version of each alternative of the project's own range (20.19.0 and 22.13.0). */
const declaredFloors = packageJson.engines.node
    .split('||')
    .map(alternative => versionOf(alternative.trim().replace(/^(>=|\^)/, '')));

/** The installed packages whose `engines.node` does not admit `version`. */
const refusing = (version: Version) =>
    Object.entries(lockfile.packages).flatMap(([path, entry]) => {
        const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        return path !== '' && range !== undefined && !admits(range, version) ? [`${path} wants node ${range}`] : [];
    });

describe('npm install', () => {
    it('reads the ranges as npm does', () => {
        expect(admits('>=22', versionOf('20.20.2'))).toBe(false);
        expect(admits('^20.19.0 || >=22.12.0', versionOf('20.20.2'))).toBe(true);
        expect(admits('^20.19.0 || >=22.12.0', versionOf('20.18.1'))).toBe(false);
        expect(admits('^20.19.0 || >=22.12.0', versionOf('22.11.0'))).toBe(false);
        expect(admits('20 || >=22', versionOf('21.0.0'))).toBe(false);
        expect(admits('10.* || >= 12.*', versionOf('20.0.0'))).toBe(true);
        expect(admits('*', versionOf('20.0.0'))).toBe(true);
    });

    it('installs every package on the lowest Node versions package.json declares, and on this one, without an engine warning', () => {
        expect(declaredFloors.length).toBeGreaterThan(0);
        for (const floor of [...declaredFloors, versionOf(process.versions.node)]) {
            expect({ node: floor.join('.'), refusing: refusing(floor) }).toEqual({ node: floor.join('.'), refusing: [] });
        }
    });
});

describe('the Vite config', () => {
    it('loads without a warning (the native config loader check printed dozens of lines on every start)', async () => {
        const said: string[] = [];
        const record = (message: string) => void said.push(message);
        const logger: Logger = {
            info: () => undefined,
            warn: record,
            warnOnce: record,
            error: record,
            clearScreen: () => undefined,
            hasErrorLogged: () => false,
            hasWarned: false,
        };
        const loaded = await loadConfigFromFile(
            { command: 'build', mode: 'production' },
            'vite.config.ts',
            process.cwd(),
            'info',
            logger,
        );
        expect(loaded?.config.define).toBeDefined();
        expect(said).toEqual([]);
    });
});
