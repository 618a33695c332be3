import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoopbackServer, type LoopbackServer } from '../../../src-main/desktop/loopback-server';
import { OWNER_TOKEN, startInstance, type TestInstance } from '../../support/instance';
import { rawRequest, type RawResponse } from '../host-helpers';
import type { DeskEvent } from '../../../src-shared/api/events';
import { readEventStream } from '../../../src-shared/client/event-stream';

const ALLOWED = 'http://localhost:5173';

/** The loopback server over real sockets, in front of the real service and store. */
describe('the loopback server', () => {
  let instance: TestInstance;
  let server: LoopbackServer;
  let url: string;
  let port: number;

  beforeAll(async () => {
    instance = await startInstance('sqlite', undefined, { events: true });
    server = createLoopbackServer({ service: instance.service, ownerToken: OWNER_TOKEN });
    const status = await server.apply({ enabled: true, port: 0, allowedOrigins: [ALLOWED] });
    if (status.state !== 'listening') throw new Error(`not listening: ${JSON.stringify(status)}`);
    url = status.url;
    port = Number(new URL(url).port);
  });
  afterAll(async () => {
    await server.close();
    await instance.close();
  });

  const request = (path: string, headers: Record<string, string>, method = 'GET', body?: string) =>
    rawRequest(url, { method, path, headers: { Host: `127.0.0.1:${port}`, ...headers }, ...(body ? { body } : {}) });
  const envelope = (response: RawResponse) =>
    JSON.parse(response.body) as { meta: { code: number; text: string }; data: unknown };
  const postCount = async () => (await instance.call('GET', '/api/posts/global')).json.data.length as number;

  it('listens on 127.0.0.1 and answers the owner, by token raw or after Bearer, at 127.0.0.1 or localhost', async () => {
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    for (const [host, authorization] of [
      [`127.0.0.1:${port}`, OWNER_TOKEN],
      [`localhost:${port}`, `Bearer ${OWNER_TOKEN}`],
      [`LOCALHOST:${port}`, OWNER_TOKEN],
    ] as const) {
      const response = await request('/api/account/me', { Host: host, Authorization: authorization });
      expect(response.status, host).toBe(200);
      expect(envelope(response).data).toMatchObject({ guid: instance.accountGuid });
    }
  });

  it('refuses a Host that is not this port on a loopback name (DNS rebinding), even with the token', async () => {
    const before = await postCount();
    for (const host of [
      `attacker.example:${port}`,
      'attacker.example',
      `127.0.0.1:${port + 1}`,
      'localhost',
      `127.0.0.1.attacker.example:${port}`,
    ]) {
      const response = await request(
        '/api/posts/write',
        { Host: host, Authorization: OWNER_TOKEN, 'Content-Type': 'application/json' },
        'POST',
        '{"content":"rebound","post_type":"post.note"}',
      );
      expect(response.status, host).toBe(421);
      expect(envelope(response).meta).toEqual({
        code: 421,
        text: 'This Instance Answers Only at 127.0.0.1 or localhost',
        list: false,
      });
    }
    expect(await postCount()).toBe(before);
  });

  it('refuses a request without the owner token, and one with another token', async () => {
    const missing = await request('/api/account/me', {});
    expect(missing.status).toBe(403);
    expect(envelope(missing).meta.text).toBe('You Need to Log In First');

    const wrong = await request('/api/account/me', { Authorization: 'Bearer a-token-that-is-not-the-owners' });
    expect(wrong.status).toBe(401);
    expect(envelope(wrong).meta.text).toBe('Invalid or Expired Token Supplied');

    // Public reads need no token from the service itself; the loopback port still wants the owner.
    const publicRead = await request('/api/posts/global', {});
    expect(publicRead.status).toBe(403);
  });

  it('refuses pages of other origins and sends them no CORS headers, preflight or not', async () => {
    const before = await postCount();
    const preflight = await request(
      '/api/posts/write',
      {
        Origin: 'https://evil.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization',
      },
      'OPTIONS',
    );
    expect(preflight.status).toBe(403);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();

    const simple = await request(
      '/api/posts/write',
      { Origin: 'https://evil.example', Authorization: OWNER_TOKEN, 'Content-Type': 'text/plain' },
      'POST',
      'content=x',
    );
    expect(simple.status).toBe(403);
    expect(envelope(simple).meta.text).toBe('Requests From This Origin Are Not Allowed');
    expect(simple.headers['access-control-allow-origin']).toBeUndefined();
    expect(await postCount()).toBe(before);
  });

  it('answers an allowed origin with CORS headers, and its preflight without a token', async () => {
    const preflight = await request(
      '/api/posts/write',
      {
        Origin: ALLOWED,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization, content-type',
      },
      'OPTIONS',
    );
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(preflight.headers['access-control-allow-headers']).toMatch(/authorization/i);

    const read = await request('/api/account/me', { Origin: ALLOWED, Authorization: OWNER_TOKEN });
    expect(read.status).toBe(200);
    expect(read.headers['access-control-allow-origin']).toBe(ALLOWED);

    // Allowed is not trusted: the token is still required.
    const withoutToken = await request('/api/account/me', { Origin: ALLOWED });
    expect(withoutToken.status).toBe(403);
    expect(withoutToken.headers['access-control-allow-origin']).toBe(ALLOWED);
  });

  it('streams the changes to the owner', async () => {
    const stop = new AbortController();
    const told: DeskEvent[] = [];
    const streaming = readEventStream({ baseUrl: url, token: OWNER_TOKEN, signal: stop.signal }, (event) =>
      told.push(event),
    );
    await expect.poll(() => told).toEqual([{ kind: 'resync' }]);
    const written = await request(
      '/api/posts/write',
      { Authorization: OWNER_TOKEN, 'Content-Type': 'application/json' },
      'POST',
      '{"content":"streamed","post_type":"post.note"}',
    );
    const { guid } = (envelope(written).data as { guid: string }[])[0] ?? { guid: '' };
    await expect.poll(() => told.flatMap((e) => (e.kind === 'posts' ? e.post_guids : []))).toEqual([guid]);
    stop.abort();
    await expect(streaming).resolves.toEqual({ ended: 'closed' });
  });

  it('serves only the API', async () => {
    const page = await request('/', { Authorization: OWNER_TOKEN });
    expect(page.status).toBe(404);
  });
});

describe('turning the loopback server on and off', () => {
  let instance: TestInstance;
  beforeAll(async () => {
    instance = await startInstance('sqlite');
  });
  afterAll(() => instance.close());

  const refusesConnections = (port: number) =>
    new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(false);
      });
      socket.once('error', () => resolve(true));
    });

  it('stops listening when turned off, and says why when the port is taken', async () => {
    const first = createLoopbackServer({ service: instance.service, ownerToken: OWNER_TOKEN });
    const status = await first.apply({ enabled: true, port: 0, allowedOrigins: [] });
    if (status.state !== 'listening') throw new Error('expected to listen');
    const port = Number(new URL(status.url).port);

    const second = createLoopbackServer({ service: instance.service, ownerToken: OWNER_TOKEN });
    const taken = await second.apply({ enabled: true, port, allowedOrigins: [] });
    expect(taken).toEqual({
      state: 'failed',
      reason: `port ${port} is already in use; choose another port in the settings`,
    });

    expect(await first.apply({ enabled: false, port: 0, allowedOrigins: [] })).toEqual({ state: 'off' });
    expect(await refusesConnections(port)).toBe(true);
    // The port is free again, so the second one can have it now.
    expect((await second.apply({ enabled: true, port, allowedOrigins: [] })).state).toBe('listening');
    await second.close();
    expect(second.status()).toEqual({ state: 'off' });
  });
});
