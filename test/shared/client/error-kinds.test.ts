import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createInstanceClient, createLegacyClient, RemoteError } from '../../../src-shared/client';
import { closedPort, json, startFakeRemote, type FakeHandler, type FakeRemote } from './helpers';

/**
 * What happened decides the kind, over real sockets: whether the request can have reached the remote is
 * what tells the sync engine if a write may be sent again.
 */
const TOKEN = 'secret-token-never-in-messages';
const NOTE = { content: 'Hello', post_type: 'post.note' } as const;

const servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function fake(handler: FakeHandler): Promise<FakeRemote> {
  const remote = await startFakeRemote(handler);
  servers.push(remote);
  return remote;
}

/** A TCP server that accepts connections and does what `onSocket` says (nothing, by default). */
async function rawServer(onSocket: (socket: net.Socket) => void = () => undefined): Promise<string> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    onSocket(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push({
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  });
  return `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
}

async function failure(promise: Promise<unknown>): Promise<RemoteError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RemoteError);
  const remoteError = error as RemoteError;
  // Whatever happened, the token is in no message and no serialised error.
  expect(remoteError.message).not.toContain(TOKEN);
  expect(JSON.stringify(remoteError)).not.toContain(TOKEN);
  return remoteError;
}

describe('no connection: offline', () => {
  it('connection refused', async () => {
    const client = createInstanceClient({ baseUrl: `http://127.0.0.1:${await closedPort()}`, token: TOKEN });
    const error = await failure(client.write(NOTE));
    expect(error).toMatchObject({ kind: 'offline', status: null, method: 'POST', path: '/api/posts/write' });
    expect(error.message).toContain('ECONNREFUSED');
  });

  it('a name that does not resolve (DNS), as Node reports it', async () => {
    const dnsFailure: typeof fetch = () =>
      Promise.reject(
        new TypeError('fetch failed', {
          cause: Object.assign(new Error('getaddrinfo ENOTFOUND remote.invalid'), { code: 'ENOTFOUND' }),
        }),
      );
    const client = createInstanceClient({ baseUrl: 'http://remote.invalid', token: TOKEN, fetch: dnsFailure });
    expect(await failure(client.global())).toMatchObject({ kind: 'offline', status: null });
  });
});

describe('maybe received: uncertain', () => {
  it('the remote accepts the connection and never answers: uncertain after timeoutMs', async () => {
    const url = await rawServer();
    const client = createInstanceClient({ baseUrl: url, token: TOKEN, timeoutMs: 300 });
    const started = Date.now();
    const error = await failure(client.write(NOTE));
    expect(error).toMatchObject({ kind: 'uncertain', status: null });
    expect(error.message).toContain('300 ms');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('the remote reads the request and cuts the connection: uncertain', async () => {
    const remote = await fake((request, res) => res.socket?.destroy());
    const client = createInstanceClient({ baseUrl: remote.url, token: TOKEN });
    const error = await failure(client.write(NOTE));
    expect(error).toMatchObject({ kind: 'uncertain', status: null });
    // It did arrive, whole: exactly the kind of failure after which a write must not simply be repeated.
    expect(remote.seen).toHaveLength(1);
    expect(JSON.parse(remote.seen[0]?.body ?? '')).toMatchObject({ content: 'Hello', post_type: 'post.note' });
  });

  it('the answer starts and breaks off: uncertain, with the status that came', async () => {
    const remote = await fake((request, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      // Cut once the start of the answer is on its way: the client reads the status, then the end.
      res.write('{"meta":{"code":200},"data":[{"guid":', () => res.socket?.destroy());
    });
    const client = createInstanceClient({ baseUrl: remote.url, token: TOKEN });
    expect(await failure(client.write(NOTE))).toMatchObject({ kind: 'uncertain', status: 200 });
  });

  it('an error answer that breaks off still counts by its status', async () => {
    const remote = await fake((request, res) => {
      res.writeHead(503, { 'content-type': 'application/json' });
      res.write('{"meta":{"code":503,', () => res.socket?.destroy());
    });
    const client = createInstanceClient({ baseUrl: remote.url, token: TOKEN });
    expect(await failure(client.write(NOTE))).toMatchObject({ kind: 'server', status: 503 });
  });

  it('the answer starts and stalls: uncertain after timeoutMs', async () => {
    const remote = await fake((request, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"meta":');
    });
    const client = createInstanceClient({ baseUrl: remote.url, token: TOKEN, timeoutMs: 300 });
    expect(await failure(client.write(NOTE))).toMatchObject({ kind: 'uncertain', status: 200 });
  });
});

describe('an answer without end', () => {
  /** Answers 200 and then JSON-ish bytes, 1 MiB at a time, until the client stops reading; says how much it sent. */
  const endless = async () => {
    let sent = 0;
    const remote = await fake((request, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"meta":{"code":200},"data":[');
      const chunk = '{"guid":"x"},'.repeat(80_000);
      const more = () => {
        if (res.destroyed || sent > 64 * 1024 * 1024) return res.end();
        sent += chunk.length;
        if (res.write(chunk)) setImmediate(more);
        else res.once('drain', more);
      };
      more();
    });
    return { remote, sent: () => sent };
  };

  it('is cut off after 16 MiB: protocol for a read, uncertain for a write, and the rest is not read', async () => {
    const read = await endless();
    const error = await failure(createInstanceClient({ baseUrl: read.remote.url, token: TOKEN }).global());
    expect(error).toMatchObject({ kind: 'protocol', status: 200 });
    expect(error.message).toContain('more than 16 MiB');
    expect(read.sent()).toBeLessThan(40 * 1024 * 1024);

    const write = await endless();
    expect(await failure(createInstanceClient({ baseUrl: write.remote.url, token: TOKEN }).write(NOTE))).toMatchObject({
      kind: 'uncertain',
      status: 200,
    });
  });
});

describe('answered: server, rejected, auth, protocol', () => {
  it('500 is server, with the remote text', async () => {
    const remote = await fake((request, res) =>
      json(res, 500, { meta: { code: 500, text: 'Database Unavailable', list: false }, data: false }),
    );
    const error = await failure(createInstanceClient({ baseUrl: remote.url, token: TOKEN }).write(NOTE));
    expect(error).toMatchObject({ kind: 'server', status: 500, remoteText: 'Database Unavailable' });
  });

  it('a proxy 502 page without an envelope is server too', async () => {
    const remote = await fake((request, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html><body>Bad Gateway</body></html>');
    });
    expect(await failure(createInstanceClient({ baseUrl: remote.url }).global())).toMatchObject({
      kind: 'server',
      status: 502,
      remoteText: null,
    });
  });

  it('429 means later, not never: server', async () => {
    const remote = await fake((request, res) =>
      json(res, 429, { meta: { code: 429, text: 'Slow Down' }, data: false }),
    );
    expect(await failure(createInstanceClient({ baseUrl: remote.url }).global())).toMatchObject({
      kind: 'server',
      status: 429,
    });
  });

  it('400 and 422 with meta.text and meta.list are rejected, with both', async () => {
    const remote = await fake((request, res) =>
      request.path === '/api/posts/write'
        ? json(res, 422, {
            meta: { code: 422, text: 'Invalid Parameters Supplied', list: ['title is too long', 'tag is too long'] },
            data: false,
          })
        : json(res, 400, { meta: { code: 400, text: 'Please Supply Some Text', list: false }, data: [] }),
    );
    const client = createInstanceClient({ baseUrl: remote.url, token: TOKEN });
    expect(await failure(client.write(NOTE))).toMatchObject({
      kind: 'rejected',
      status: 422,
      message: 'Invalid Parameters Supplied',
      remoteText: 'Invalid Parameters Supplied',
      list: ['title is too long', 'tag is too long'],
    });
    const update = await failure(client.update('11111111-2222-4333-8444-555555555555', NOTE));
    expect(update).toMatchObject({ kind: 'rejected', status: 400, remoteText: 'Please Supply Some Text', list: [] });
  });

  it('an error inside an HTTP 200 envelope counts by its meta.code', async () => {
    const remote = await fake((request, res) =>
      json(res, 200, { meta: { code: '400', text: 'Could Not Star Post Object' }, data: [] }),
    );
    const client = createInstanceClient({ baseUrl: remote.url, token: TOKEN });
    expect(await failure(client.star('11111111-2222-4333-8444-555555555555'))).toMatchObject({
      kind: 'rejected',
      status: 400,
      remoteText: 'Could Not Star Post Object',
    });
  });

  it('401 and 403 are auth; the token echoed by a remote is scrubbed from the message', async () => {
    const remote = await fake((request, res) =>
      json(res, 401, {
        meta: { code: 401, text: `Unknown token ${String(request.headers.authorization)}` },
        data: false,
      }),
    );
    const error = await failure(createInstanceClient({ baseUrl: remote.url, token: TOKEN }).accountMe());
    expect(error).toMatchObject({ kind: 'auth', status: 401, remoteText: 'Unknown token [token]' });
  });

  it('an answer that is not an envelope, or whose data is not what the spec says, is protocol', async () => {
    const remote = await fake((request, res) => {
      if (request.path === '/api/posts/global') return json(res, 200, { posts: [] });
      if (request.path === '/api/posts/write') return json(res, 200, { meta: { code: 200 }, data: [{ guid: 'x' }] });
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('it works');
    });
    const client = createInstanceClient({ baseUrl: remote.url, token: TOKEN });
    expect(await failure(client.global())).toMatchObject({ kind: 'protocol', status: 200 });
    const write = await failure(client.write(NOTE));
    expect(write).toMatchObject({ kind: 'protocol', status: 200 });
    expect(write.list.join(' ')).toContain('persona');
    expect(await failure(client.accountMe())).toMatchObject({ kind: 'protocol', status: 200 });
  });
});

describe('redirects', () => {
  it('a write is not followed through a redirect (it would arrive as a GET without its body): protocol', async () => {
    const remote = await fake((request, res) => {
      if (request.path === '/moved/api/posts/write' || request.path === '/moved/api/posts/global') {
        return json(res, 200, { meta: { code: 200 }, data: [] });
      }
      res.writeHead(301, { location: `/moved${request.path}` });
      res.end();
    });
    const client = createInstanceClient({ baseUrl: remote.url, token: TOKEN });
    const error = await failure(client.write(NOTE));
    expect(error).toMatchObject({ kind: 'protocol', status: 301 });
    expect(error.message).toContain('redirected');
    expect(remote.seen.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/posts/write']);
    // A read may follow it.
    expect(await client.global()).toMatchObject({ posts: [], skipped: [] });
  });
});

describe('when the remote answered', () => {
  it("a page says it by the remote's clock (its Date header), or null when the remote did not say", async () => {
    const remote = await fake((request, res) => {
      if (request.path === '/api/posts/mentions') res.sendDate = false;
      else res.setHeader('date', request.path === '/api/posts/global' ? 'Thu, 26 Nov 2026 06:41:54 GMT' : 'not a date');
      return json(res, 200, { meta: { code: 200 }, data: [] });
    });
    const client = createInstanceClient({ baseUrl: remote.url, token: TOKEN });
    expect((await client.global()).servedUnix).toBe(Date.UTC(2026, 10, 26, 6, 41, 54) / 1000);
    expect((await client.mentions()).servedUnix).toBeNull();
    expect((await client.thread('00000000-0000-4000-8000-000000000001'))?.servedUnix).toBeNull();
  });
});

describe('strict in what is sent', () => {
  it('refuses input the spec does not allow, without sending anything', async () => {
    const remote = await fake((request, res) => json(res, 200, { meta: { code: 200 }, data: [] }));
    const client = createInstanceClient({ baseUrl: remote.url, token: TOKEN });
    const legacy = createLegacyClient({ baseUrl: remote.url, token: TOKEN });
    const refusals = [
      () => client.write({ content: '   ', post_type: 'post.note' }),
      () => client.write({ content: 'x', post_type: 'post.micro' as 'post.note' }),
      () => client.write({ content: 'x', post_type: 'post.bookmark' }),
      () => client.write({ content: 'x', post_type: 'post.note', title: 'T'.repeat(513) }),
      () => client.write({ content: 'x', post_type: 'post.note', tags: ['a,b'] }),
      () => client.write({ content: 'x', post_type: 'post.note', tags: ['t'.repeat(129)] }),
      () => client.write({ content: 'x', post_type: 'post.note', publish_at: 100, expires_at: 50 }),
      () => client.write({ content: 'x', post_type: 'post.note', geo_latitude: 91 }),
      () => client.update('not-a-guid', { content: 'x' }),
      () => client.global({ count: 251 }),
      () => client.global({ since: 1.5 }),
      () => client.post('../../users/me'),
      () => client.pin('11111111-2222-4333-8444-555555555555', 'purple' as 'red'),
      () => legacy.blurbs('global', { count: 201 }),
      () => legacy.write({ content: 'é'.repeat(4097) }),
      () => legacy.pin(1, '#123456' as '#000000'),
      () => legacy.post(0),
    ];
    for (const refused of refusals) {
      const error = await failure(refused());
      expect(error).toMatchObject({ kind: 'rejected', status: null });
      expect(error.message).toMatch(/^Not sent: /);
    }
    expect(remote.seen).toEqual([]);
  });

  it('sends the token raw in Authorization, JSON bodies for POST and DELETE, and no token to login', async () => {
    const remote = await fake((request, res) =>
      json(res, 200, { meta: { code: 200 }, data: { token: 'new-token', account_guid: false } }),
    );
    const client = createInstanceClient({ baseUrl: `${remote.url}/sub/dir/`, token: TOKEN });
    await client.deletePost('11111111-2222-4333-8444-555555555555').catch(() => undefined);
    await client
      .unpin('11111111-2222-4333-8444-555555555555', 'aaaaaaaa-2222-4333-8444-555555555555')
      .catch(() => undefined);
    expect(await client.login('owner', 'pw')).toEqual({ token: 'new-token', account_guid: null });
    const [del, unpin, login] = remote.seen;
    expect(del).toMatchObject({ method: 'DELETE', path: '/sub/dir/api/posts/11111111-2222-4333-8444-555555555555' });
    expect(del?.headers.authorization).toBe(TOKEN);
    expect(del?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(del?.body ?? '')).toEqual({ guid: '11111111-2222-4333-8444-555555555555' });
    expect(unpin).toMatchObject({
      method: 'DELETE',
      path: '/sub/dir/api/posts/11111111-2222-4333-8444-555555555555/pin',
    });
    expect(JSON.parse(unpin?.body ?? '')).toEqual({ persona_guid: 'aaaaaaaa-2222-4333-8444-555555555555' });
    expect(login?.headers.authorization).toBeUndefined();
    expect(JSON.parse(login?.body ?? '')).toEqual({ account_name: 'owner', account_pass: 'pw' });
  });

  it('sends dates as ISO 8601 UTC, tags as one comma list, and always post_type on create', async () => {
    const remote = await fake((request, res) => json(res, 500, { meta: { code: 500 }, data: false }));
    const client = createInstanceClient({ baseUrl: remote.url, token: TOKEN });
    await client
      .write({
        content: 'x',
        post_type: 'post.note',
        publish_at: 1_800_000_000,
        expires_at: 1_800_003_600,
        tags: [' a ', 'b c'],
      })
      .catch(() => undefined);
    expect(JSON.parse(remote.seen[0]?.body ?? '')).toEqual({
      content: 'x',
      post_type: 'post.note',
      publish_at: '2027-01-15T08:00:00Z',
      expires_at: '2027-01-15T09:00:00Z',
      tags: 'a,b c',
    });
  });

  it('refuses a base URL it could not use', () => {
    expect(() => createInstanceClient({ baseUrl: 'remote.example' })).toThrow(TypeError);
    expect(() => createInstanceClient({ baseUrl: 'ftp://remote.example' })).toThrow(TypeError);
    expect(() => createInstanceClient({ baseUrl: 'https://u:p@remote.example' })).toThrow(TypeError);
    expect(() => createInstanceClient({ baseUrl: 'https://remote.example', timeoutMs: 0 })).toThrow(RangeError);
  });
});
