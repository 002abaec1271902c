/**
 * A flame graph in a few lines: what a `.cpuprofile` (node --cpu-prof) spent its time on, as the
 * functions with the most self time, the functions with the most time including their callees
 * (each sample counted once per function, however deep it recurses), and the hottest stacks.
 * `npx tsx bench/profileSummary.ts FILE.cpuprofile [TOP]`; bench/profile.ts prints it after a run.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

interface CallFrame {
    functionName: string;
    url: string;
    lineNumber: number;
}

interface ProfileNode {
    id: number;
    callFrame: CallFrame;
    children?: number[];
}

export interface CpuProfile {
    nodes: ProfileNode[];
    startTime: number;
    endTime: number;
    samples: number[];
    timeDeltas: number[];
}

/**
 * The part of a profile to count, in milliseconds before its end (when the process exited):
 * bench/profile.ts leaves out the start-up (loading and compiling the server) and the shutdown.
 */
export interface ProfileWindow {
    fromEndMs: number;
    toEndMs: number;
}

/** `name file:line`, the file relative to the project (or the package inside node_modules). */
const frameName = ({ functionName, url, lineNumber }: CallFrame): string => {
    const name = functionName || '(anonymous)';
    if (!url) return name;
    const path = url.replace(/^file:\/\//, '');
    const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(path);
    const where = inPackage ? `${inPackage[1]}:${inPackage[2]}` : relative(process.cwd(), path) || path;
    return `${name} ${where}:${lineNumber + 1}`;
};

export interface ProfileSummary {
    totalMs: number;
    self: { name: string; ms: number }[];
    inclusive: { name: string; ms: number }[];
    stacks: { stack: string[]; ms: number }[];
}

export const summariseProfile = (profile: CpuProfile, top = 20, depth = 8, window?: ProfileWindow): ProfileSummary => {
    const byId = new Map(profile.nodes.map(node => [node.id, node]));
    const parent = new Map<number, number>();
    for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

    const from = window ? profile.endTime - window.fromEndMs * 1000 : -Infinity;
    const to = window ? profile.endTime - window.toEndMs * 1000 : Infinity;
    const selfMicros = new Map<number, number>();
    let at = profile.startTime;
    profile.samples.forEach((id, index) => {
        const delta = profile.timeDeltas[index] ?? 0;
        at += delta;
        if (at >= from && at <= to) selfMicros.set(id, (selfMicros.get(id) ?? 0) + delta);
    });

    const self = new Map<string, number>();
    const inclusive = new Map<string, number>();
    const stacks = new Map<string, { stack: string[]; micros: number }>();
    let total = 0;
    for (const [id, micros] of selfMicros) {
        total += micros;
        const names: string[] = [];
        for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
            const node = byId.get(at);
            if (node) names.push(frameName(node.callFrame));
        }
        const leaf = names[0] ?? '(unknown)';
        self.set(leaf, (self.get(leaf) ?? 0) + micros);
        for (const name of new Set(names)) inclusive.set(name, (inclusive.get(name) ?? 0) + micros);
        // The leaf and the frames just above it: where the time is spent, and who asked.
        const stack = names.slice(0, depth);
        const key = stack.join('\n');
        const entry = stacks.get(key) ?? { stack, micros: 0 };
        entry.micros += micros;
        stacks.set(key, entry);
    }
    const ranked = (map: Map<string, number>) =>
        [...map]
            .sort((a, b) => b[1] - a[1])
            .slice(0, top)
            .map(([name, micros]) => ({ name, ms: micros / 1000 }));
    return {
        totalMs: total / 1000,
        self: ranked(self),
        // The root and the idle/program pseudo-frames say nothing.
        inclusive: ranked(new Map([...inclusive].filter(([name]) => !name.startsWith('(root)')))),
        stacks: [...stacks.values()]
            .sort((a, b) => b.micros - a.micros)
            .slice(0, Math.ceil(top / 2))
            .map(({ stack, micros }) => ({ stack, ms: micros / 1000 })),
    };
};

export const printSummary = ({ totalMs, self, inclusive, stacks }: ProfileSummary): void => {
    const share = (ms: number) => `${((100 * ms) / totalMs).toFixed(1).padStart(5)}%`;
    console.log(`profile: ${(totalMs / 1000).toFixed(1)} s sampled`);
    console.log('\ntop self time:');
    for (const { name, ms } of self) console.log(`  ${share(ms)}  ${name}`);
    console.log('\ntop total time (self and callees):');
    for (const { name, ms } of inclusive) console.log(`  ${share(ms)}  ${name}`);
    console.log('\nhottest stacks (leaf first):');
    for (const { stack, ms } of stacks) {
        console.log(`  ${share(ms)}  ${stack[0] ?? ''}`);
        for (const frame of stack.slice(1)) console.log(`            < ${frame}`);
    }
};

if (import.meta.url === `file://${process.argv[1]}`) {
    const [file, top] = process.argv.slice(2);
    if (!file) throw new Error('usage: npx tsx bench/profileSummary.ts FILE.cpuprofile [TOP]');
    printSummary(summariseProfile(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile, Number(top ?? 20)));
}
