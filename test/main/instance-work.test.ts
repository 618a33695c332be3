import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { createInstanceWork } from '../../src-main/instance/instance-work';
import { createService } from '../../src-shared/service';
import { ensureOwner } from '../../src-shared/store/bootstrap';
import { openDatabase, type PublishingDb } from '../../src-shared/store/db';
import { OWNER_TOKEN, platformFor } from '../support/instance';
import { startServedInstance, type ServedInstance } from '../support/sync-instances';

const secrets = {
  encrypted: false,
  seal: (plain: string) => `plain:${plain}`,
  open: (sealed: string) => sealed.slice('plain:'.length),
};

/** An instance's background work as the desktop app runs it: with its secret box and its unsent badge. */
describe('sync in the desktop app', () => {
  let remote: ServedInstance;
  let db: PublishingDb;

  async function desk(tickMs?: number) {
    remote = await startServedInstance('memory');
    onTestFinished(() => remote.stop());
    const { platform, name } = platformFor('sqlite');
    db = openDatabase(platform, name);
    onTestFinished(() => db.delete());
    await db.open();
    await ensureOwner(db, { token: OWNER_TOKEN, now: Date.now() });
    const unsent: number[] = [];
    const background = createInstanceWork({
      db,
      box: secrets,
      now: () => Math.floor(Date.now() / 1000),
      log: (what, error) => console.error(`${what}:`, error),
      tickMs,
      onUnsentCount: (n) => unsent.push(n),
    });
    const service = createService({ db, sync: background.sync, activity: background.activity });
    const call = async (method: string, path: string, body: Record<string, string>) =>
      (
        await service(
          new Request(`http://desk.local${path}`, {
            method,
            headers: { authorization: OWNER_TOKEN, 'content-type': 'application/json' },
            body: JSON.stringify(body),
          }),
        )
      ).json();
    const added = await call('POST', '/api/sync/remotes', { base_url: remote.url, token: OWNER_TOKEN });
    expect(added.meta.code).toBe(200);
    await call('POST', '/api/posts/write', {
      content: 'Written in the desktop app',
      post_type: 'post.note',
      persona_guid: remote.personaGuid,
    });
    return { background, unsent };
  }

  const remoteTexts = async () =>
    ((await remote.call('GET', '/api/posts/global')).json.data as { text: string }[]).map((p) => p.text);

  it('answers /api/sync with the engine, and Sync Now sends the outbox and updates the unsent count', async () => {
    const { background, unsent } = await desk();
    await background.syncNow();
    expect(await remoteTexts()).toEqual(['Written in the desktop app']);
    expect(unsent).toEqual([0]);
    await background.stop();
  });

  it('runs the scheduler in the background, and stopping waits for the round under way', async () => {
    const { background, unsent } = await desk(20);
    background.start();
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0), { timeout: 5_000, interval: 20 });
    await background.stop();
    expect(await db.outbox.count()).toBe(0);
    // The badge showed the post waiting, then nothing.
    expect(unsent.at(-1)).toBe(0);
    expect(await remoteTexts()).toEqual(['Written in the desktop app']);
  });
});
