/**
 * The writes that are not a record's plain create, update or delete: approve, bulk decide, assign,
 * upload, lock… Each folder declares its own in `src/resources/<domain>/writes.ts` with the
 * resources it changes (`refreshes`), and the data provider exposes them as its methods, so a
 * screen calls `useWrite('decideRequest')` (useWrite.ts) and the lists and counts it changed are
 * refetched through their react-admin cache keys, never by a key of the screen's own.
 *
 * Nothing here imports a folder: each `writes.ts` is found by its place (as `declarations.ts`
 * finds each `calls.ts`) and registers its table's type in `PortalWriteFolders` by declaration
 * merging, so a new folder's writes need no edit here, and the data layer stays below the screens.
 */
import { mergeFolderTables, type Merged } from '../folderTables';
import type { WriteTable } from './defineWrite';

/**
 * Each folder's table of writes by the folder's name, filled in by the folders themselves:
 * `declare module '../../dataProvider/writes' { interface PortalWriteFolders { money: typeof writes } }`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging in each folder
export interface PortalWriteFolders {}

export type Writes = Merged<PortalWriteFolders[keyof PortalWriteFolders]>;
export type WriteName = keyof Writes;
export type WriteParams<K extends WriteName> = Parameters<Writes[K]['run']>[0];
export type WriteResult<K extends WriteName> = Awaited<ReturnType<Writes[K]['run']>>;
/** The writes as the data provider's methods. */
export type WriteMethods = { [K in WriteName]: Writes[K]['run'] };

const folders = import.meta.glob<WriteTable>('../resources/*/writes.ts', { eager: true, import: 'default' });

/** Every folder's writes by name. */
export const WRITES: WriteTable = mergeFolderTables('Write', folders);
