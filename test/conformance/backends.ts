/**
 * The IndexedDB backends the web-platform-tests run against: one entry each. A backend is loaded only in
 * the child process that runs a test file (install-backend.ts), so an entry imports it when called. A
 * backend that returns its globals itself is one line:
 *
 *   load: async (folder) => (await import('../../src-main/store/some-backend')).someBackend(folder).globals,
 *
 * and its expectations are written by its first `npm run conformance -- <name> --update`.
 */

/** What a backend puts in the global scope: the set fake-indexeddb's `auto` installs. */
export const IDB_GLOBAL_NAMES = [
  'IDBCursor',
  'IDBCursorWithValue',
  'IDBDatabase',
  'IDBFactory',
  'IDBIndex',
  'IDBKeyRange',
  'IDBObjectStore',
  'IDBOpenDBRequest',
  'IDBRequest',
  'IDBTransaction',
  'IDBVersionChangeEvent',
  'indexedDB',
] as const;

/** Globals installed when the backend has them: newer interfaces the tests check where they exist. */
export const IDB_OPTIONAL_GLOBAL_NAMES = ['IDBRecord'] as const;

export interface Backend {
  /** Whether the backend keeps its databases in a folder: each test file then gets a fresh one. */
  readonly needsFolder: boolean;
  /** The backend's globals, by the names of IDB_GLOBAL_NAMES; `folder` is '' when it needs none. */
  readonly load: (folder: string) => Promise<Record<string, unknown>>;
}

export const BACKENDS = {
  'fake-indexeddb': {
    needsFolder: false,
    load: async () => ({ ...(await import('fake-indexeddb')) }),
  },
  sqlite: {
    needsFolder: true,
    load: async (folder) =>
      (await import('../../src-main/store/indexeddb/sqlite-indexeddb')).sqliteIndexedDB(folder).globals,
  },
  indexeddbshim: {
    needsFolder: true,
    load: async (folder) => {
      const { shimIdb } = await import('../../src-main/store/shim-idb');
      // Configures the shim as the hosts did (and allows one folder a process: hence a process per file).
      shimIdb(folder);
      // The shim's classes are single modules; it hands them to any scope it is given, configured as above.
      const { default: setGlobalVars } = await import('indexeddbshim');
      const scope: Record<string, unknown> = {};
      setGlobalVars(scope as never);
      return scope;
    },
  },
} satisfies Record<string, Backend>;

export type BackendName = keyof typeof BACKENDS;

export const BACKEND_NAMES = Object.keys(BACKENDS) as BackendName[];

/**
 * The backends `npm test` holds to their expectations: the one the hosts keep their data in. The others
 * are for comparison (`npm run conformance`): fake-indexeddb, which the unit tests use in memory, and
 * indexeddbshim, which now only reads the stores it wrote, to convert them.
 */
export const TESTED_BACKENDS: readonly BackendName[] = ['sqlite'];

export function isBackendName(name: string): name is BackendName {
  return Object.hasOwn(BACKENDS, name);
}
