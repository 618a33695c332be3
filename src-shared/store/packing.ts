import type { DBCore, DBCoreCursor, DBCoreTable, Middleware } from 'dexie';

/**
 * Stores up to schema version 8 on indexeddbshim kept each post as its indexed fields plus one JSON string
 * holding the rest (`__packed`): that shim cloned values field by field, and one string was cheaper. The
 * engine on SQLite stores a row as JSON in one step, where the packed string cost a second encoding, every
 * quote escaped inside it, and a second parse at each read; so rows are written whole again. Rows written
 * packed before stay as they are until they are next written, and read back whole here.
 */
export const PACKED_BODY = '__packed';

type Row = Record<string, unknown>;

export function unpackingMiddleware(tables: readonly string[]): Middleware<DBCore> {
  return {
    stack: 'dbcore',
    name: 'unpacking',
    create: (down) => ({
      ...down,
      table: (name) => (tables.includes(name) ? unpackingTable(down.table(name)) : down.table(name)),
    }),
  };
}

function unpackingTable(table: DBCoreTable): DBCoreTable {
  return {
    ...table,
    // `.then` on Dexie's own promises, never `async`: a native promise could let an IndexedDB transaction
    // go inactive between a cursor step and the next request.
    get: (req) => table.get(req).then(unpack),
    getMany: (req) => table.getMany(req).then((rows) => rows.map(unpack)),
    query: (req) => table.query(req).then((res) => (req.values ? { ...res, result: res.result.map(unpack) } : res)),
    openCursor: (req) => table.openCursor(req).then((cursor) => cursor && unpackingCursor(cursor)),
  };
}

export function unpack(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || !(PACKED_BODY in value)) return value;
  const { [PACKED_BODY]: body, ...top } = value as Row;
  return { ...(JSON.parse(String(body)) as Row), ...top };
}

/** Dexie reads `value` off the cursor at each step; the unpacked row is computed once per step. */
function unpackingCursor(cursor: DBCoreCursor): DBCoreCursor {
  let seen: unknown = undefined;
  let unpacked: unknown = undefined;
  return Object.create(cursor, {
    value: {
      get() {
        if (cursor.value !== seen) {
          seen = cursor.value;
          unpacked = unpack(seen);
        }
        return unpacked;
      },
    },
  }) as DBCoreCursor;
}
