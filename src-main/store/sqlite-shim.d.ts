/** The parts of indexeddbshim's Node SQLite driver (plain JS, no declarations) that sqlite-driver.ts uses. */
declare module 'indexeddbshim/src/nodeSQLiteDatabase.js' {
  /** A better-sqlite3 connection, as far as the tuning needs it. */
  export interface SqliteConnection {
    pragma(source: string): unknown;
    prepare(sql: string): unknown;
  }
  export default class SQLiteDatabase {
    constructor(name: string, opts: Record<string, never>);
    readonly _db: { readonly _db: SqliteConnection };
    exec(
      queries: { sql: string; args: unknown[] }[],
      readOnly: boolean,
      callback: (
        err: Error | null,
        results?: { error?: Error | null; insertId?: number; rowsAffected?: number; rows?: unknown[] }[],
      ) => void,
    ): void;
  }
}
