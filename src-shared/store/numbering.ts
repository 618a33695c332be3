import type { Table } from 'dexie';

/**
 * The next legacy numeric id of a table indexed `&id` (Personas, Channels): one more than the highest.
 * Call it inside the transaction that adds the row, so two additions cannot take the same number.
 */
export async function nextId(table: Table<{ id: number }, string>): Promise<number> {
  const last = await table.orderBy('id').last();
  return (last?.id ?? 0) + 1;
}
