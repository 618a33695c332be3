import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDevSite } from '../../../src-main/desktop/dev-site';

/** The development proxy in front of a stand-in for the renderer's dev server. */
describe('the dev-server site', () => {
  const seen: { method: string; url: string; host: string }[] = [];
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', host: req.headers.host ?? '' });
      res.setHeader('Content-Type', 'text/javascript');
      res.setHeader('Set-Cookie', 'dev=1');
      res.end(`served ${req.url}`);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('passes GET on to the dev server with path and query, and brings back the body and its type only', async () => {
    const site = createDevSite(base);
    const response = await site(new Request('desk://app/src/main.ts?t=123'));
    expect(await response.text()).toBe('served /src/main.ts?t=123');
    expect(response.headers.get('content-type')).toBe('text/javascript');
    expect(response.headers.get('set-cookie')).toBeNull();
  });

  it('stays on the dev server for a path that looks like another host', async () => {
    seen.length = 0;
    const site = createDevSite(base);
    await site(new Request('desk://app//evil.example/x'));
    expect(seen).toEqual([{ method: 'GET', url: '//evil.example/x', host: new URL(base).host }]);
  });

  it('passes on nothing but GET and HEAD', async () => {
    seen.length = 0;
    const response = await createDevSite(base)(new Request('desk://app/', { method: 'POST', body: 'x' }));
    expect(response.status).toBe(405);
    expect(seen).toEqual([]);
  });
});
