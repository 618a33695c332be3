import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { sqliteIdb } from '../../src-main/store/sqlite-idb';
import { startHost, type RunningHost } from '../../src-main/host/start';
import { openDatabase } from '../../src-shared/store/db';
import { startFaultProxy } from '../support/fault-proxy';
import { fakeElectron } from './desktop/fake-electron';
import { tempDir } from './host-helpers';

vi.mock('electron', async () => (await import('./desktop/fake-electron')).fakeElectron);

const { startDesktop } = await import('../../src-main/desktop/desktop-app');

const REMOTE_TOKEN = 'remote-owner-token-0123456789';
const DESK_TOKEN = 'desk-owner-token-0123456789';
const REMOTE_PASSWORD = 'remote password';
/** The first page a pull asks a remote for. */
const FIRST_PAGE = /^\/api\/posts\/global\?/;

// One process keeps its databases in one folder (sqlite-idb.ts): the remote, the headless desk and the
// desktop app's user data all use this one, each with a database of its own.
const dataDir = tempDir('instance-stop');

/**
 * Both hosts stop in the one order of instance.ts. What it promises, seen from outside: a page of a remote
 * that is on its way when the host is told to stop still arrives, is stored, and the pull is recorded as done
 * before the store closes.
 */
describe('an instance told to stop', () => {
  let remote: RunningHost;
  beforeAll(async () => {
    remote = await startHost({
      host: '127.0.0.1',
      port: 0,
      dataDir,
      databaseName: 'remote',
      token: REMOTE_TOKEN,
      password: REMOTE_PASSWORD,
    });
    return () => remote.close();
  });

  /** A new post on the remote, and a way to the remote whose first page is held until `release()`. */
  async function remoteWithHeldPage(content: string) {
    const written = await fetch(`${remote.url}/api/posts/write`, {
      method: 'POST',
      headers: { authorization: REMOTE_TOKEN, 'content-type': 'application/json' },
      body: JSON.stringify({ content, post_type: 'post.note' }),
    });
    expect(written.status).toBe(200);
    const guid = ((await written.json()) as { data: { guid: string }[] }).data[0]?.guid ?? '';
    const proxy = await startFaultProxy(remote.url);
    onTestFinished(() => proxy.close());
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    proxy.inject({ kind: 'held', method: 'GET', path: FIRST_PAGE, until: released });
    const pageUnderWay = () =>
      vi.waitFor(() => expect(proxy.seen.some((line) => FIRST_PAGE.test(line.replace(/^GET /, '')))).toBe(true), {
        timeout: 10_000,
        interval: 20,
      });
    const addition = JSON.stringify({ base_url: proxy.url, account_name: 'me', account_pass: REMOTE_PASSWORD });
    return { guid, addition, pageUnderWay, release };
  }

  /** What the closed store of `databaseName` holds of the post, and whether its remote's pull was recorded. */
  async function stored(databaseName: string | undefined, guid: string) {
    const db = openDatabase(sqliteIdb(path.join(dataDir, 'db')), databaseName);
    await db.open();
    try {
      const remotes = await db.remotes.toArray();
      return {
        posts: await db.posts.where('guid').equals(guid).count(),
        pulled: remotes.map((row) => row.lastPullUnix !== null),
      };
    } finally {
      db.close();
    }
  }

  it('in the headless host, stores the page under way before it closes the store', async () => {
    const held = await remoteWithHeldPage('On its way while the host stops');
    const desk = await startHost({
      host: '127.0.0.1',
      port: 0,
      dataDir,
      databaseName: 'desk',
      token: DESK_TOKEN,
      syncTickMs: 50,
    });
    const added = await fetch(`${desk.url}/api/sync/remotes`, {
      method: 'POST',
      headers: { authorization: DESK_TOKEN, 'content-type': 'application/json' },
      body: held.addition,
    });
    expect(added.status).toBe(200);
    await held.pageUnderWay();

    const stopping = desk.close();
    held.release();
    await stopping;
    expect(await stored('desk', held.guid)).toEqual({ posts: 1, pulled: [true] });
  });

  it('in the headless host, does not wait out the timeout of a remote that does not answer a Sync Now', async () => {
    const held = await remoteWithHeldPage('Held until the host has stopped');
    const desk = await startHost({
      host: '127.0.0.1',
      port: 0,
      dataDir,
      databaseName: 'desk-sync-now',
      token: DESK_TOKEN,
      syncTickMs: 50,
    });
    const headers = { authorization: DESK_TOKEN, 'content-type': 'application/json' };
    const added = await fetch(`${desk.url}/api/sync/remotes`, { method: 'POST', headers, body: held.addition });
    expect(added.status).toBe(200);
    const guid = ((await added.json()) as { data: { guid: string } }).data.guid;
    // A person asks to sync now: the request waits for the cycle, whose page the remote holds.
    const syncNow = fetch(`${desk.url}/api/sync/remotes/${guid}/sync`, { method: 'POST', headers }).catch(() => null);
    await held.pageUnderWay();

    const started = performance.now();
    await desk.close();
    // The remote would be waited for 15 s; stopping gives the cycle 2 s, then cuts it off.
    expect(performance.now() - started).toBeLessThan(8_000);
    // Answered with the status of the cut cycle, or cut with the connections the host closes: either way over.
    await syncNow;
    held.release();
    // Nothing of the page, and the pull not recorded as done: the next start reads it.
    expect(await stored('desk-sync-now', held.guid)).toEqual({ posts: 0, pulled: [false] });
  });

  it('in the desktop app, stores the page under way before it closes the store and quits', async () => {
    const held = await remoteWithHeldPage('On its way while the app quits');
    // No loopback port: the window's `desk:` scheme is the way in here.
    fs.writeFileSync(path.join(dataDir, 'settings.json'), JSON.stringify({ loopback: { enabled: false } }));
    fakeElectron.app.userData = dataDir;
    await startDesktop({ buildDir: tempDir('instance-stop-build') });
    const handle = fakeElectron.protocolHandlers.get('desk');
    if (!handle) throw new Error('no desk: handler');
    const added = await handle(
      new Request('desk://app/api/sync/remotes', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: held.addition,
      }),
    );
    expect(added.status).toBe(200);
    // The app's scheduler looks every two seconds.
    await held.pageUnderWay();

    fakeElectron.app.quit();
    held.release();
    await vi.waitFor(() => expect(fakeElectron.app.quitted).toBe(true), { timeout: 10_000, interval: 20 });
    expect(await stored(undefined, held.guid)).toEqual({ posts: 1, pulled: [true] });
  });
});
