import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import { newDraft } from '../../../src-shared/api/draft';
import { listDrafts, draftOf } from '../../../src-shared/store/drafts';
import { openDatabase } from '../../../src-shared/store/db';
import { declareVersionsUpTo } from './old-rows';
import { RESTORED_DRAFTS_V10 } from '../../../src-shared/store/upgrade-v11';
import { BACKENDS, platformFor } from '../../support/instance';

/** A draft as version 10's page kept it: without `copyOf`, `alsoAs` and `editCopies`, which later drafts have. */
const oldDraft = (id: string, text: string, updatedAt: number) => {
  const { copyOf: _copy, alsoAs: _also, editCopies: _edit, ...old } = newDraft(id, updatedAt, { text });
  return old;
};

const OWNER = '0b0b0b0b-0000-4000-8000-000000000001';

async function openV10(backend: (typeof BACKENDS)[number], waiting: string | null) {
  const { platform, name } = platformFor(backend);
  const v10 = new Dexie(name, { indexedDB: platform.indexedDB, IDBKeyRange: platform.IDBKeyRange });
  declareVersionsUpTo(v10, 10);
  await v10.table('accounts').add({ guid: OWNER, name: 'owner' });
  await v10.table('accounts').add({ guid: '0b0b0b0b-0000-4000-8000-000000000002', name: 'zed' });
  if (waiting !== null) await v10.table('settings').add({ key: RESTORED_DRAFTS_V10, value: waiting });
  v10.close();
  return { platform, name };
}

describe.each(BACKENDS)('upgrading a version 10 store to version 11 (%s)', (backend) => {
  it('makes the drafts a restore left waiting for the page the owner’s, and forgets the waiting row', async () => {
    const waiting = [oldDraft('a', 'Restored first', 2_000), { not: 'a draft' }, oldDraft('b', 'Restored next', 1_000)];
    const { platform, name } = await openV10(backend, JSON.stringify(waiting));
    const db = openDatabase(platform, name);
    await db.open();
    const { drafts } = await listDrafts(db, OWNER);
    expect(drafts.map(draftOf)).toEqual([
      { ...oldDraft('a', 'Restored first', 2_000), copyOf: null, alsoAs: [], editCopies: false },
      { ...oldDraft('b', 'Restored next', 1_000), copyOf: null, alsoAs: [], editCopies: false },
    ]);
    expect(drafts.map((d) => [d.version, d.gone])).toEqual([
      [1, 0],
      [1, 0],
    ]);
    expect(await db.settings.get(RESTORED_DRAFTS_V10)).toBeUndefined();
    db.close();
  });

  it('opens with no drafts when none were waiting, or what waited cannot be read', async () => {
    for (const waiting of [null, 'not json', '{"a": 1}']) {
      const { platform, name } = await openV10(backend, waiting);
      const db = openDatabase(platform, name);
      await db.open();
      expect(await db.drafts.count()).toBe(0);
      expect(await db.settings.get(RESTORED_DRAFTS_V10)).toBeUndefined();
      db.close();
    }
  });
});
