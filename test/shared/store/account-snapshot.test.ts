import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { accountSnapshot, markAccountRows, type AccountSnapshot } from '../../../src-shared/store/account-snapshot';
import { ensureOwner } from '../../../src-shared/store/bootstrap';
import type { PublishingDb } from '../../../src-shared/store/db';
import { inTransaction } from '../../../src-shared/store/transaction';
import { BACKENDS, OWNER_TOKEN, openTestDatabase } from '../../support/instance';

/** What the service does at the start of each request: mark, one request, then the rows. */
function snapshotOfRequest(db: PublishingDb): Promise<AccountSnapshot> {
  return inTransaction(
    db,
    'r',
    async () => {
      const mark = markAccountRows(db);
      await db.settings.get('');
      return accountSnapshot(db, mark);
    },
    { startsWithRequest: true },
  );
}

describe.each(BACKENDS)('the account snapshot (%s)', (backend) => {
  let db: PublishingDb;
  let personaGuid: string;
  let channelGuid: string;

  async function open() {
    db = openTestDatabase(backend);
    onTestFinished(() => db.delete());
    await ensureOwner(db, { token: OWNER_TOKEN, now: Date.now() });
    personaGuid = (await db.personas.toCollection().first())?.guid ?? '';
    channelGuid = (await db.channels.toCollection().first())?.guid ?? '';
  }

  it('answers the same rows from memory while nothing changes them', async () => {
    await open();
    const first = await snapshotOfRequest(db);
    expect(first.personaByGuid.get(personaGuid)?.guid).toBe(personaGuid);
    expect(first.writableBy(personaGuid).has(channelGuid)).toBe(true);
    // Other tables may change freely.
    await db.settings.put({ key: 'elsewhere', value: 'changed' });
    expect(await snapshotOfRequest(db)).toBe(first);
  });

  it('reads again once a change to Personas, Channels or grants has committed', async () => {
    await open();
    await snapshotOfRequest(db);
    await db.personas.update(personaGuid, { name: 'Renamed' });
    expect((await snapshotOfRequest(db)).personaByGuid.get(personaGuid)?.name).toBe('Renamed');
    await db.channels.update(channelGuid, { name: 'Elsewhere' });
    expect((await snapshotOfRequest(db)).channelByGuid.get(channelGuid)?.name).toBe('Elsewhere');
    await db.grants.delete([channelGuid, personaGuid]);
    expect((await snapshotOfRequest(db)).writableBy(personaGuid).size).toBe(0);
  });

  it('forgets a change that was rolled back', async () => {
    await open();
    const before = await snapshotOfRequest(db);
    const failing = db.transaction('rw', db.personas, async () => {
      await db.personas.update(personaGuid, { name: 'Never' });
      throw new Error('refused');
    });
    await expect(failing).rejects.toThrow('refused');
    const after = await snapshotOfRequest(db);
    expect(after).not.toBe(before);
    expect(after.personaByGuid.get(personaGuid)?.name).toBe(before.personaByGuid.get(personaGuid)?.name);
  });

  it('keeps nothing read while another transaction was writing the rows', async () => {
    await open();
    await snapshotOfRequest(db);
    let holding = true;
    let written = false;
    const writer = db.transaction('rw', db.personas, async () => {
      await db.personas.update(personaGuid, { name: 'Midway' });
      written = true;
      // Held open with requests, as a long write would be.
      while (holding) await db.personas.get(personaGuid);
    });
    // Polled (vi.waitFor uses timers): a promise resolved inside the transaction would carry its zone out here.
    await vi.waitFor(() => expect(written).toBe(true), { timeout: 5_000, interval: 1 });
    const duringMark = markAccountRows(db);
    holding = false;
    await writer;
    const during = await accountSnapshot(db, duringMark);
    const next = await snapshotOfRequest(db);
    expect(next).not.toBe(during);
    expect(next.personaByGuid.get(personaGuid)?.name).toBe('Midway');
  });

  it('hands out frozen rows, so no caller can change what the next request sees', async () => {
    await open();
    const snapshot = await snapshotOfRequest(db);
    const persona = snapshot.personaByGuid.get(personaGuid);
    expect(Object.isFrozen(persona)).toBe(true);
    expect(Object.isFrozen(snapshot.personas)).toBe(true);
  });
});
