import type { DBCore, DBCoreTable, Middleware } from 'dexie';

/**
 * Dexie asks the middleware stack for a table's implementation once per transaction and table, and every
 * middleware (Dexie's own and ours) answers with a fresh copy of the one below it: a request's write
 * transaction, touching some ten tables, rebuilt about fifty such objects. The implementations hold no
 * state of a transaction (each request carries its own `trans`), and the stack is built anew whenever the
 * database opens, so the outermost layer answers each table's implementation as first made.
 */
export const tableOnceMiddleware: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'table-once',
  // Above every other middleware (Dexie's default level is 10), so that one table call skips them all.
  level: 1000,
  create: (down) => {
    const made = new Map<string, DBCoreTable>();
    return {
      ...down,
      table: (name) => {
        const known = made.get(name);
        if (known) return known;
        const table = down.table(name);
        made.set(name, table);
        return table;
      },
    };
  },
};
