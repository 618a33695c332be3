import type { DBCore, DBCoreTable, Middleware } from 'dexie';
import { PACKED_BODY, unpackingMiddleware } from '../../../src-shared/store/packing';

type Row = Record<string, unknown>;

/**
 * Post rows as stores up to schema version 8 wrote them: the indexed fields, and the rest in one JSON string
 * (src-shared/store/packing.ts). For the tests that build a store of an older version and open it with this one.
 */
export function packingMiddleware(tables: readonly string[]): Middleware<DBCore> {
  const reading = unpackingMiddleware(tables);
  return {
    stack: 'dbcore',
    name: 'packing',
    create: (down) => {
      const read = { ...down, ...reading.create(down) };
      return {
        ...read,
        table: (name) => (tables.includes(name) ? packingTable(read.table(name)) : read.table(name)),
      };
    },
  };
}

export function packedRow(row: Row, indexed: ReadonlySet<string>): Row {
  const top: Row = {};
  const rest: Row = {};
  for (const [key, value] of Object.entries(row)) (indexed.has(key) ? top : rest)[key] = value;
  top[PACKED_BODY] = JSON.stringify(rest);
  return top;
}

function packingTable(table: DBCoreTable): DBCoreTable {
  const paths = [table.schema.primaryKey, ...table.schema.indexes].flatMap((index) =>
    index.keyPath === null ? [] : Array.isArray(index.keyPath) ? index.keyPath : [index.keyPath],
  );
  const indexed = new Set(paths);
  return {
    ...table,
    mutate: (req) =>
      req.type === 'add' || req.type === 'put'
        ? table.mutate({ ...req, values: req.values.map((row: Row) => packedRow(row, indexed)) })
        : table.mutate(req),
  };
}
