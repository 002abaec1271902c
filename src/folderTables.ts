/**
 * The tables the folders declare, each in a file found by its place (`import.meta.glob`: calls,
 * writes, routes, screens), merged into one by name. A name two folders give is an error as the
 * portal loads, naming the second file, instead of one folder's entry silently hiding the other's.
 */
export const mergeFolderTables = <T>(
    what: string,
    files: Readonly<Record<string, Readonly<Record<string, T>> | undefined>>,
): Record<string, T> => {
    const all: Record<string, T> = {};
    for (const [file, table] of Object.entries(files)) {
        for (const [name, entry] of Object.entries(table ?? {})) {
            if (name in all) throw new Error(`${what} "${name}" is declared twice (again in ${file})`);
            all[name] = entry;
        }
    }
    return all;
};

/**
 * The type of the merged table: the folders' table types, registered as the members of one
 * interface by declaration merging (`PortalRouteFolders`, `PortalWriteFolders`), made one object
 * type (their union made an intersection).
 */
export type Merged<U> = (U extends unknown ? (table: U) => void : never) extends (table: infer I) => void ? I : never;
