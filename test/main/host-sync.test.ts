import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { startHost, type RunningHost } from '../../src-main/host/start';
import { tempDir } from './host-helpers';

const DESK_TOKEN = 'desk-owner-token-0123456789';
const REMOTE_TOKEN = 'remote-owner-token-0123456789';

/** Two headless hosts in one process: a desk that syncs, and a remote it syncs with. */
// One process keeps its databases in one folder (see sqlite-idb.ts): every host here shares it.
const dataDir = tempDir('host-sync');

describe('the headless host runs sync in the background', () => {
  let desk: RunningHost;
  let remote: RunningHost;
  const common = { host: '127.0.0.1', port: 0, dataDir, staticRoot: path.join(dataDir, 'no-site'), syncTickMs: 100 };
  beforeAll(async () => {
    remote = await startHost({ ...common, databaseName: 'remote', token: REMOTE_TOKEN, password: 'remote password' });
    return () => remote.close();
  });
  beforeAll(async () => {
    desk = await startHost({ ...common, databaseName: 'desk', token: DESK_TOKEN });
    return () => desk.close();
  });

  const api = async (base: string, token: string, method: string, pathname: string, body?: Record<string, string>) => {
    const response = await fetch(`${base}${pathname}`, {
      method,
      headers: { authorization: token, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: response.status, text: await response.text() };
  };

  it('signs in to the remote, keeps its token sealed, and sends a post written here within a few ticks', async () => {
    const added = await api(desk.url, DESK_TOKEN, 'POST', '/api/sync/remotes', {
      base_url: remote.url,
      account_name: 'me',
      account_pass: 'remote password',
    });
    expect(added.status, added.text).toBe(200);
    const status = JSON.parse(added.text).data as { guid: string; personas: { guid: string }[] };
    const persona = status.personas[0]?.guid ?? '';

    const written = await api(desk.url, DESK_TOKEN, 'POST', '/api/posts/write', {
      content: 'Written on the desk, sent by the scheduler',
      post_type: 'post.note',
      persona_guid: persona,
    });
    expect(written.status, written.text).toBe(200);

    await expect
      .poll(async () => (await api(remote.url, REMOTE_TOKEN, 'GET', '/api/posts/global')).text, {
        timeout: 5_000,
        interval: 100,
      })
      .toContain('Written on the desk, sent by the scheduler');

    // The token the sign-in gave is in no answer and not in the store as it is.
    const listed = await api(desk.url, DESK_TOKEN, 'GET', '/api/sync/remotes');
    expect(listed.status).toBe(200);
    expect(JSON.parse(listed.text).data[0]).toMatchObject({ guid: status.guid, pending: 0, last_error: false });
    const store = fs
      .readdirSync(path.join(dataDir, 'db'))
      .map((f) => fs.readFileSync(path.join(dataDir, 'db', f)).toString('latin1'))
      .join('');
    const remoteTokens = JSON.stringify(JSON.parse(listed.text));
    expect(remoteTokens).not.toMatch(/aes256gcm|plain:/);
    expect(store).toContain('aes256gcm:');
    expect(fs.statSync(path.join(dataDir, 'remote-key')).mode & 0o777).toBe(0o600);
  });

  it('refuses sync requests without the owner token, and wrong sign-ins with a clear error', async () => {
    expect((await api(desk.url, 'wrong-token-0123456789', 'GET', '/api/sync/remotes')).status).toBe(401);
    const wrong = await api(desk.url, DESK_TOKEN, 'POST', '/api/sync/remotes', {
      base_url: `${remote.url}/other`,
      account_name: 'me',
      account_pass: 'not the password',
    });
    // Not 401, which would say that the desk's own token was refused.
    expect(wrong.status).toBe(422);
    expect(JSON.parse(wrong.text).meta).toMatchObject({ code: 422, text: 'The Remote Instance Refused the Sign-In' });
  });
});

describe('the headless host keeps the search words in step', () => {
  let host: RunningHost;
  beforeAll(async () => {
    host = await startHost({
      host: '127.0.0.1',
      port: 0,
      dataDir,
      staticRoot: path.join(dataDir, 'no-site'),
      databaseName: 'index',
      token: DESK_TOKEN,
    });
    return () => host.close();
  });

  it('indexes what was written in the background, and search finds it before and after', async () => {
    const headers = { authorization: DESK_TOKEN, 'content-type': 'application/json' };
    const written = await fetch(`${host.url}/content`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ content: 'Searchable lighthouse' }),
    });
    expect(written.status).toBe(200);
    const found = async () =>
      (await (await fetch(`${host.url}/content/blurbs/search?filter=lighthouse`)).json()).data.length;
    expect(await found()).toBe(1);
    const store = path.join(dataDir, 'db');
    // The indexer's queue is empty once the words are written; the search answer stays the same. Looked at
    // less often than the quiet moment the indexer waits for between requests (store/word-indexer.ts).
    await vi.waitFor(
      async () => expect(fs.existsSync(store) && (await found()) === 1 && (await queueIsEmpty())).toBe(true),
      { timeout: 15_000, interval: 300 },
    );
  });

  async function queueIsEmpty(): Promise<boolean> {
    const { sqliteIdb } = await import('../../src-main/store/sqlite-idb');
    const { openDatabase } = await import('../../src-shared/store/db');
    const db = openDatabase(sqliteIdb(path.join(dataDir, 'db')), 'index');
    await db.open();
    const left = await db.indexQueue.count();
    const words = await db.wordPostings.count();
    db.close();
    return left === 0 && words > 0;
  }
});
