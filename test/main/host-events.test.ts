import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_EVENT_STREAMS, type DeskEvent } from '../../src-shared/api/events';
import { readEventStream, type StreamEnd } from '../../src-shared/client/event-stream';
import { startHost, type RunningHost } from '../../src-main/host/start';
import { rawRequest, tempDir } from './host-helpers';

const DESK_TOKEN = 'events-desk-owner-token-0123456789';
const REMOTE_TOKEN = 'events-remote-owner-token-0123456789';

// One process keeps its databases in one folder (see sqlite-idb.ts): every host here shares it.
const dataDir = tempDir('host-events');
const common = { host: '127.0.0.1', port: 0, dataDir, staticRoot: path.join(dataDir, 'no-site') };

/** A stream open on a host, with every event it told so far, and how it ended once it has. */
function listen(base: string, token: string | null) {
  const events: DeskEvent[] = [];
  const stop = new AbortController();
  let open: (value?: unknown) => void = () => undefined;
  const opened = new Promise((resolve) => (open = resolve));
  const ended: Promise<StreamEnd> = readEventStream(
    { baseUrl: base, token, signal: stop.signal, onOpen: () => open() },
    (event) => events.push(event),
  );
  void ended.then(() => open());
  return { events, ended, opened, stop: () => stop.abort() };
}

const api = async (
  base: string,
  token: string | null,
  method: string,
  pathname: string,
  body?: Record<string, string>,
) => {
  const response = await fetch(`${base}${pathname}`, {
    method,
    headers: { ...(token ? { authorization: token } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return JSON.parse(text).data as unknown;
};
/** The post a write answered with (its answer is a list of one). */
const writePost = async (base: string, token: string, content: string) =>
  (
    (await api(base, token, 'POST', '/api/posts/write', { content, post_type: 'post.note' })) as {
      guid: string;
      channel_guid: string;
    }[]
  )[0] ?? { guid: '', channel_guid: '' };

const postsTold = (events: readonly DeskEvent[]): string[] =>
  events.flatMap((e) => (e.kind === 'posts' ? e.post_guids : []));
const remotesTold = (events: readonly DeskEvent[]): string[] =>
  events.flatMap((e) => (e.kind === 'sync' ? [e.remote_guid] : []));

describe('GET /api/events on the headless host', () => {
  let desk: RunningHost;
  let remote: RunningHost;
  beforeAll(async () => {
    remote = await startHost({
      ...common,
      databaseName: 'events-remote',
      token: REMOTE_TOKEN,
      password: 'remote password',
    });
    desk = await startHost({ ...common, databaseName: 'events-desk', token: DESK_TOKEN, password: 'desk password' });
  });
  afterAll(async () => {
    await desk.close();
    await remote.close();
  });

  it('tells a signed-in page of a post written through the API and of posts pulled from a remote', async () => {
    const { token } = (await api(desk.url, null, 'POST', '/api/auth/login', {
      account_name: 'me',
      account_pass: 'desk password',
    })) as { token: string };
    const stream = listen(desk.url, token);
    await stream.opened;
    // What changed before the stream opened is unknown to it: it begins by saying so.
    await expect.poll(() => stream.events[0]).toEqual({ kind: 'resync' });

    const written = await writePost(desk.url, DESK_TOKEN, 'Written here, told at once');
    await expect.poll(() => postsTold(stream.events)).toContain(written.guid);
    expect(stream.events.find((e) => e.kind === 'posts')).toMatchObject({ channel_guids: [written.channel_guid] });

    const added = (await api(desk.url, DESK_TOKEN, 'POST', '/api/sync/remotes', {
      base_url: remote.url,
      account_name: 'me',
      account_pass: 'remote password',
    })) as { guid: string };
    const there = await writePost(remote.url, REMOTE_TOKEN, 'Written on the remote, pulled here');
    await api(desk.url, DESK_TOKEN, 'POST', `/api/sync/remotes/${added.guid}/sync`);
    await expect.poll(() => postsTold(stream.events)).toContain(there.guid);
    expect(remotesTold(stream.events)).toContain(added.guid);

    // Signing out ends the stream opened with that sign-in's token.
    await api(desk.url, token, 'POST', '/api/auth/logout');
    await expect(stream.ended).resolves.toEqual({ ended: 'closed' });
  });

  it('is refused without a token, and past the bound on streams open at once', async () => {
    const anonymous = await rawRequest(desk.url, { path: '/api/events' });
    expect(anonymous.status).toBe(403);
    expect(JSON.parse(anonymous.body)).toMatchObject({ meta: { code: 403 } });

    const open = Array.from({ length: MAX_EVENT_STREAMS }, () => listen(desk.url, DESK_TOKEN));
    await Promise.all(open.map((s) => s.opened));
    const oneMore = await listen(desk.url, DESK_TOKEN).ended;
    expect(oneMore).toEqual({ ended: 'refused', status: 503 });
    for (const s of open) s.stop();
    await Promise.all(open.map((s) => s.ended));
    // Those left are let go: a new one is accepted again.
    await expect
      .poll(async () => {
        const again = listen(desk.url, DESK_TOKEN);
        await again.opened;
        again.stop();
        return (await again.ended).ended;
      })
      .toBe('closed');
  });

  it('is named by /api/about, and ends when the host stops', async () => {
    const about = (await api(desk.url, null, 'GET', '/api/about')) as { extensions: string[] };
    expect(about.extensions).toContain('events');

    const stream = listen(desk.url, DESK_TOKEN);
    await stream.opened;
    // The host would otherwise wait ten seconds for the stream's answer to end before cutting it.
    await desk.close();
    await expect(stream.ended).resolves.toEqual({ ended: 'closed' });
  });
});
