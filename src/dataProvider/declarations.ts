/**
 * Every declared resource by the name react-admin knows it by. Each resource folder's `calls.ts`
 * exports its resources by default and is found here, so adding a resource takes its folder, its
 * `<Resource>` line in App.tsx and its menu entry, nothing more.
 */
import { mergeFolderTables } from '../folderTables';
import type { ResourceDeclaration } from './defineResource';

const files = import.meta.glob<Record<string, ResourceDeclaration>>('../resources/*/calls.ts', {
    eager: true,
    import: 'default',
});

export const DECLARED_RESOURCES: Readonly<Record<string, ResourceDeclaration>> = mergeFolderTables('Resource', files);
