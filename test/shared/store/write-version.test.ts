import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { ensureOwner } from '../../../src-shared/store/bootstrap';
import { writeVersion } from '../../../src-shared/store/write-watch';
import { BACKENDS, OWNER_TOKEN, openTestDatabase } from '../../support/instance';

describe.each(BACKENDS)('the write version (%s)', (backend) => {
  async function open() {
    const db = openTestDatabase(backend);
    onTestFinished(() => db.delete());
    await ensureOwner(db, { token: OWNER_TOKEN, now: Date.now() });
    return db;
  }

  it('stays while the store is only read', async () => {
    const db = await open();
    const version = writeVersion(db);
    await db.personas.toArray();
    await db.transaction('r', db.tables, () => db.settings.get(''));
    expect(writeVersion(db)).toBe(version);
  });

  it('changes when a write to any table begins, and again before its writer hears it committed', async () => {
    const db = await open();
    const before = writeVersion(db);
    let during = before;
    await db.transaction('rw', db.settings, async () => {
      await db.settings.put({ key: 'anything', value: '1' });
      during = writeVersion(db);
    });
    const after = writeVersion(db);
    expect(during).not.toBe(before);
    expect(after).not.toBe(during);
  });

  it('changes when a write has been rolled back', async () => {
    const db = await open();
    let during = writeVersion(db);
    const failing = db.transaction('rw', db.settings, async () => {
      await db.settings.put({ key: 'anything', value: '1' });
      during = writeVersion(db);
      throw new Error('rolled back');
    });
    await expect(failing).rejects.toThrow('rolled back');
    // The rollback ends the transaction after its writer heard of the failure; nothing it wrote stands.
    await vi.waitFor(() => expect(writeVersion(db)).not.toBe(during));
    expect(await db.settings.get('anything')).toBeUndefined();
  });
});
