import { afterEach, describe, expect, it } from 'vitest';
import { importArchive } from '../../../src-shared/archive/import';
import { openZipArchive } from '../../../src-main/archive/zip-reader';
import { startInstance, writePost, type TestInstance } from '../../support/instance';
import { addRemote, startDesktop, startServedInstance, type ServedInstance } from '../../support/sync-instances';
import { exportToFile } from './archive-files';
import { COMPARED, snapshotOf } from './tables';

/**
 * An archive of a desk that has synced, made of the rows a real sync left (not rows written by hand): what a
 * sync records about a remote, its failures included, goes into the archive and comes back from it.
 */
describe('an archive of a desk that has synced with a remote', () => {
  const instances: TestInstance[] = [];
  const remotes: ServedInstance[] = [];
  afterEach(async () => {
    for (const instance of instances.splice(0)) await instance.close();
    for (const remote of remotes.splice(0)) await remote.stop();
  });

  it('is made, and restores every row, after a sync that failed and one that worked', async () => {
    const remote = await startServedInstance('sqlite');
    remotes.push(remote);
    await writePost(remote, { content: 'Written on the remote' });
    const desk = await startDesktop('sqlite');
    instances.push(desk);
    const { guid } = await addRemote(desk, remote);
    await writePost(desk, { content: 'Written on the desk' });

    await remote.pause();
    const failed = await desk.engine.syncRemote(guid);
    expect(failed.lastError?.failure.kind).toBe('offline');
    await remote.resume();
    const synced = await desk.engine.syncRemote(guid);
    expect(synced.lastError).toBeNull();
    await remote.pause();
    await desk.engine.syncRemote(guid);
    const row = await desk.db.remotes.get(guid);
    expect(row?.lastErrorKind).toBe('offline');
    expect(row?.failingSinceUnix).toEqual(expect.any(Number));

    const file = await exportToFile(desk.db, Math.floor(desk.clock.now() / 1000));
    const target = await startInstance('sqlite');
    instances.push(target);
    const archive = openZipArchive(file);
    await importArchive(target.db, archive).finally(() => archive.close());

    const before = await snapshotOf(desk.db);
    const after = await snapshotOf(target.db);
    for (const table of Object.keys(COMPARED)) expect(after[table], table).toEqual(before[table]);
    expect(before['posts']?.map((p) => p['text']).sort()).toEqual(['Written on the desk', 'Written on the remote']);
  });
});
