import { Dexie } from 'dexie';
import type { PublishingDb } from './db';
import { numberingKey } from './setting-keys';

/**
 * The next legacy numeric id of Personas or Channels: one more than any ever given. The highest given is
 * kept in `settings`, because the highest row alone would hand a deleted row's number to the next one, and
 * a legacy client that still knew the old number would then reach the new row.
 * Call it inside the transaction that adds the row (with `settings` in it), so two additions cannot take
 * the same number.
 */
export function nextId(db: PublishingDb, table: 'personas' | 'channels'): Promise<number> {
  const key = numberingKey(table);
  return Dexie.Promise.all([db[table].orderBy('id').last(), db.settings.get(key)]).then(([last, given]) => {
    const id = Math.max(last?.id ?? 0, Number(given?.value ?? 0)) + 1;
    return db.settings.put({ key, value: String(id) }).then(() => id);
  });
}
