/**
 * Every declared resource by the name react-admin knows it by. Each resource folder's `calls.ts`
 * exports its resources by default and is found here, so adding a resource takes its folder, its
 * `<Resource>` line in App.tsx and its menu entry, nothing more.
 */
import type { ResourceDeclaration } from './defineResource';

const files = import.meta.glob<Record<string, ResourceDeclaration>>('../resources/*/calls.ts', {
    eager: true,
    import: 'default',
});

const byName = (): Record<string, ResourceDeclaration> => {
    const all: Record<string, ResourceDeclaration> = {};
    for (const [file, declared] of Object.entries(files)) {
        for (const [name, declaration] of Object.entries(declared)) {
            if (name in all) throw new Error(`Resource "${name}" is declared twice (again in ${file})`);
            all[name] = declaration;
        }
    }
    return all;
};

export const DECLARED_RESOURCES: Readonly<Record<string, ResourceDeclaration>> = byName();
