import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWNER_TOKEN } from '../../support/instance';
import { startFaultProxy, type FaultProxy } from '../../support/fault-proxy';
import {
  startDesktop,
  startServedInstance,
  type DesktopInstance,
  type ServedInstance,
} from '../../support/sync-instances';

const UNKNOWN_GUID = '0f0f0f0f-0f0f-4f0f-8f0f-0f0f0f0f0f0f';

/** A server on a real socket that answers every request with a web page: no Publishing Service. */
async function startWebPage(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<!doctype html><title>A blog</title><p>Hello</p>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An address on loopback where nothing listens. */
async function closedPort(): Promise<string> {
  const page = await startWebPage();
  await page.close();
  return page.url;
}

/**
 * Every way sync refuses what a person asks, as the wire says it: the status, the envelope's code, text and
 * list. Sync refuses in its own terms; these are the answers clients match on, and they stay as they are.
 */
describe('the answers to what sync refuses', () => {
  let remote: ServedInstance;
  let proxy: FaultProxy;
  let page: { url: string; close(): Promise<void> };
  let desktop: DesktopInstance;
  let remoteGuid: string;

  beforeAll(async () => {
    remote = await startServedInstance('memory');
    proxy = await startFaultProxy(remote.url);
    page = await startWebPage();
    desktop = await startDesktop('memory');
    const added = await desktop.call('POST', '/api/sync/remotes', {
      params: { base_url: remote.url, token: OWNER_TOKEN },
    });
    expect(added.status, JSON.stringify(added.json)).toBe(200);
    remoteGuid = added.json.data.guid;
  });
  afterAll(async () => {
    await desktop.close();
    await page.close();
    await proxy.close();
    await remote.stop();
  });

  const envelope = (status: number, text: string, list: string[] | false = false) => ({
    status,
    json: { meta: { code: status, text, list }, data: false },
  });
  const addRemote = (params: Record<string, string>) => desktop.call('POST', '/api/sync/remotes', { params });

  it('names no remote, conflict or outbox item that is not there', async () => {
    expect(await desktop.call('POST', `/api/sync/remotes/${UNKNOWN_GUID}/sync`)).toEqual(
      envelope(404, 'Invalid Remote Identifier Supplied'),
    );
    expect(await desktop.call('POST', `/api/sync/remotes/${UNKNOWN_GUID}`, { params: { poll_seconds: 60 } })).toEqual(
      envelope(404, 'Invalid Remote Identifier Supplied'),
    );
    expect(await desktop.call('DELETE', `/api/sync/remotes/${UNKNOWN_GUID}`)).toEqual(
      envelope(404, 'Invalid Remote Identifier Supplied'),
    );
    expect(await desktop.call('POST', `/api/sync/conflicts/${UNKNOWN_GUID}`, { params: { keep: 'local' } })).toEqual(
      envelope(404, 'Invalid Conflict Identifier Supplied'),
    );
    expect(await desktop.call('POST', '/api/sync/outbox/99', { params: { action: 'retry' } })).toEqual(
      envelope(404, 'Invalid Outbox Item Supplied'),
    );
  });

  it('refreshes only a post that came from a remote', async () => {
    const written = await desktop.call('POST', '/api/posts/write', {
      params: { content: 'Written here, kept here', post_type: 'post.note' },
    });
    const guid = written.json.data[0].guid as string;
    expect(await desktop.call('POST', `/api/sync/posts/${guid}/refresh`)).toEqual(
      envelope(400, 'This Post Does Not Come from a Remote Instance'),
    );
  });

  it('adds a remote once, at a base URL that can be one', async () => {
    expect(await addRemote({ base_url: `${remote.url}/`, token: OWNER_TOKEN })).toEqual(
      envelope(409, 'This Remote Instance Is Already Added'),
    );
    expect(await addRemote({ base_url: 'a blog of mine', token: OWNER_TOKEN })).toEqual(
      envelope(400, 'Invalid Parameters Supplied'),
    );
    expect(await addRemote({ base_url: 'ftp://example.org', token: OWNER_TOKEN })).toEqual(
      envelope(400, 'Invalid Parameters Supplied'),
    );
    expect(await addRemote({ base_url: 'https://me:secret@example.org', token: OWNER_TOKEN })).toEqual(
      envelope(400, 'Invalid Parameters Supplied'),
    );
  });

  it('does not link an account whose Personas are already here', async () => {
    // The same remote by another way in: its Personas are the first remote's.
    expect(await addRemote({ base_url: proxy.url, token: OWNER_TOKEN })).toEqual(
      envelope(409, 'Invalid Parameters Supplied'),
    );
    expect((await desktop.call('GET', '/api/sync/remotes')).json.data.map((r: { guid: string }) => r.guid)).toEqual([
      remoteGuid,
    ]);
  });

  it('tells a refused sign-in, an unreachable remote and one that is no Publishing Service apart', async () => {
    const other = await startServedInstance('memory', 'the right password');
    try {
      expect(await addRemote({ base_url: other.url, token: 'not the token' })).toEqual(
        envelope(422, 'The Remote Instance Refused the Sign-In'),
      );
      expect(await addRemote({ base_url: other.url, account_name: 'me', account_pass: 'a wrong password' })).toEqual(
        envelope(422, 'The Remote Instance Refused the Sign-In'),
      );
    } finally {
      await other.stop();
    }
    expect(await addRemote({ base_url: await closedPort(), token: OWNER_TOKEN })).toEqual(
      envelope(502, 'Could Not Reach the Remote Instance'),
    );
    expect(await addRemote({ base_url: page.url, token: OWNER_TOKEN })).toEqual(
      envelope(502, 'The Remote Instance Answered Something Unexpected'),
    );
  });

  it('settles an item held by a conflict only by choosing a version', async () => {
    const written = await desktop.call('POST', '/api/posts/write', {
      params: { content: 'Held by a conflict', post_type: 'post.note', persona_guid: remote.personaGuid },
    });
    const guid = written.json.data[0].guid as string;
    const [item] = await desktop.db.outbox.where('postGuid').equals(guid).toArray();
    if (item?.seq === undefined) throw new Error('the write was not put in the outbox');
    await desktop.db.outbox.update(item.seq, {
      state: 'attention',
      error: 'Edited on the remote too: choose which version to keep',
    });
    await desktop.db.conflicts.put({
      postGuid: guid,
      remoteGuid,
      remote: { title: null, text: 'Edited there', tags: [], updatedUnix: 1_800_000_000 },
      detectedUnix: 1_800_000_000,
    });
    expect(await desktop.call('POST', `/api/sync/outbox/${item.seq}`, { params: { action: 'discard' } })).toEqual(
      envelope(409, 'This Item Waits for a Conflict: Choose a Version'),
    );
    expect(await desktop.db.outbox.get(item.seq)).toMatchObject({ state: 'attention' });
  });
});
