/** The parts of indexeddbshim's naming (plain JS, no declarations) that legacy-copy.ts uses to find its files. */
declare module 'indexeddbshim/src/util.js' {
  /** The file name the shim gives a database, under the configuration it was set up with. */
  export function escapeDatabaseNameForSQLAndFiles(name: string): string;
  /** A name as the shim writes it into its SQL tables (`__sys__.name`). */
  export function escapeSQLiteStatement(name: string): string;
}
