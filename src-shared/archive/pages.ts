import type { Table } from 'dexie';

/** Rows per read: a page of posts is a few megabytes at most, and each read is its own short transaction. */
export const PAGE_ROWS = 500;

/**
 * Every row of a table in primary-key order, a page at a time: memory holds one page, whatever the table's
 * size, and no read transaction stays open while the caller writes the page out.
 */
export async function* pagesOf<Row, Key, Insert>(
  table: Table<Row, Key, Insert>,
  pageRows = PAGE_ROWS,
): AsyncGenerator<Row[]> {
  const keyPath = table.schema.primKey.keyPath;
  if (!keyPath) throw new Error(`table ${table.name} has no inline primary key`);
  const keyOf = (row: Row): unknown => {
    const record = row as Record<string, unknown>;
    return Array.isArray(keyPath) ? keyPath.map((field) => record[field]) : record[keyPath];
  };
  let after: unknown = undefined;
  for (;;) {
    const query = after === undefined ? table.orderBy(':id') : table.where(':id').above(after);
    const page = await query.limit(pageRows).toArray();
    if (page.length === 0) return;
    yield page;
    const last = page.at(-1);
    if (page.length < pageRows || last === undefined) return;
    after = keyOf(last);
  }
}
