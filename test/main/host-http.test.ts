import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHost, type RunningHost } from '../../src-main/host/start';
import { envelopeOf, rawRequest, tempDir } from './host-helpers';

const TOKEN = 'host-http-test-owner-token';
const SECRET = 'SECRET-OUTSIDE-THE-STATIC-ROOT';
const INDEX = '<!doctype html><title>Renderer</title><div id="root"></div>';
const TWO_MIB = new Uint8Array(2 * 1024 * 1024).fill(0x61);
// One process keeps its databases in one folder (see sqlite-idb.ts): the hosts below differ by database name.
const dataDir = tempDir('host-http');

/**
 * The headless host as a whole (store, owner, service, static files) over real sockets. Everything here goes
 * through startHost, so it needs the store bootstrap and the service to work.
 */
describe('startHost without a built renderer', () => {
  let host: RunningHost;
  beforeAll(async () => {
    host = await startHost({
      host: '127.0.0.1',
      port: 0,
      dataDir,
      databaseName: 'without-renderer',
      token: TOKEN,
      staticRoot: path.join(tempDir('host-http-empty'), 'no-renderer-here'),
    });
  });
  afterAll(() => host.close());

  it('listens on a real port and gives its base URL', () => {
    expect(host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(host.url).not.toMatch(/:0$/);
    expect(host.created).toBe(true);
  });

  it('serves the built-in page at /, naming the API base URL', async () => {
    const response = await fetch(`${host.url}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await response.text();
    expect(html).toContain('<title>Publishing Desk</title>');
    expect(html).toContain('running');
    expect(html).toContain(host.url);
  });

  it('refuses a Host header that is no name before it shows anything', async () => {
    const response = await rawRequest(host.url, { path: '/', headers: { Host: 'a"><script>x</script>' } });
    expect(response.status).toBe(421);
    expect(response.body).not.toContain('<script>');
  });

  it('answers at its addresses and localhost, and refuses other names (DNS rebinding) with 421', async () => {
    const { port } = new URL(host.url);
    for (const name of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, `192.168.1.20:${port}`]) {
      expect([
        name,
        (await rawRequest(host.url, { path: '/api/posts/global', headers: { Host: name } })).status,
      ]).toEqual([name, 200]);
    }
    for (const name of [`attacker.example:${port}`, 'attacker.example', `desk.home.lan:${port}`]) {
      const refused = await rawRequest(host.url, {
        path: '/api/account/me',
        headers: { Host: name, Authorization: TOKEN },
      });
      expect([name, refused.status, (JSON.parse(refused.body) as { meta: { text: string } }).meta.text]).toEqual([
        name,
        421,
        'This Instance Does Not Answer to That Name',
      ]);
    }
  });

  it('answers to a name given with --hostname, as a home server is reached', async () => {
    const named = await startHost({
      host: '127.0.0.1',
      port: 0,
      dataDir,
      databaseName: 'named',
      token: TOKEN,
      hostnames: ['desk.home.lan'],
    });
    try {
      const { port } = new URL(named.url);
      expect(
        (await rawRequest(named.url, { path: '/api/posts/global', headers: { Host: `desk.home.lan:${port}` } })).status,
      ).toBe(200);
      expect(
        (await rawRequest(named.url, { path: '/api/posts/global', headers: { Host: `other.home.lan:${port}` } }))
          .status,
      ).toBe(421);
    } finally {
      await named.close();
    }
  });

  it("sends the page's security headers with the page and with every answer of the API", async () => {
    for (const target of ['/', '/api/posts/global', '/timeline/home']) {
      const response = await fetch(`${host.url}${target}`);
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect([
        response.headers.get('x-frame-options'),
        response.headers.get('x-content-type-options'),
        response.headers.get('referrer-policy'),
      ]).toEqual(['DENY', 'nosniff', 'no-referrer']);
    }
    const api = await fetch(`${host.url}/api/posts/global`);
    expect(api.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it('answers other non-API paths with 404 while there is no renderer', async () => {
    const response = await fetch(`${host.url}/timeline/home`);
    expect(response.status).toBe(404);
  });

  it('answers an unknown API path with an envelope whose code is the HTTP status', async () => {
    for (const target of ['/api/no-such-thing', '/api', '/content/no/such/thing', '/users/no/such/thing']) {
      const response = await fetch(`${host.url}${target}`);
      const envelope = await envelopeOf(response);
      expect(envelope.meta.code).toBe(response.status);
      expect(envelope.data).toBe(false);
      expect(response.status).toBe(404);
    }
  });

  it('refuses a 2 MiB body with a 413 envelope, whether its length is declared or not', async () => {
    const declared = await fetch(`${host.url}/api/posts/write`, {
      method: 'POST',
      headers: { Authorization: TOKEN, 'Content-Type': 'application/json' },
      body: TWO_MIB,
    });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toEqual({
      meta: { code: 413, text: 'The Request Body Is Too Large', list: false },
      data: false,
    });

    const streamed = await fetch(`${host.url}/api/posts/write`, {
      method: 'POST',
      headers: { Authorization: TOKEN },
      body: new Blob([TWO_MIB]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect((await envelopeOf(streamed)).meta).toEqual({
      code: 413,
      text: 'The Request Body Is Too Large',
      list: false,
    });
  });

  it('still serves after refusing a body', async () => {
    const response = await fetch(`${host.url}/`);
    expect(response.status).toBe(200);
  });
});

describe('startHost with a built renderer', () => {
  let host: RunningHost;
  let outside: string;
  let site: string;
  beforeAll(async () => {
    outside = tempDir('host-http-static');
    site = path.join(outside, 'renderer');
    fs.mkdirSync(path.join(site, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(site, 'index.html'), INDEX);
    fs.writeFileSync(path.join(site, 'assets', 'app.js'), 'console.log("app")');
    fs.writeFileSync(path.join(site, 'assets', 'app.css'), 'body{}');
    fs.writeFileSync(path.join(site, 'assets', 'logo.svg'), '<svg/>');
    fs.writeFileSync(path.join(outside, 'secret.txt'), SECRET);
    fs.writeFileSync(path.join(outside, 'secret'), SECRET);
    fs.symlinkSync(path.join(outside, 'secret.txt'), path.join(site, 'assets', 'link.txt'));
    host = await startHost({
      host: '127.0.0.1',
      port: 0,
      dataDir,
      databaseName: 'with-renderer',
      token: TOKEN,
      staticRoot: site,
    });
  });
  afterAll(() => host.close());

  it('serves index.html at / and files with their content types', async () => {
    const index = await fetch(`${host.url}/`);
    expect(index.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await index.text()).toBe(INDEX);
    for (const [file, type] of [
      ['/assets/app.js', 'text/javascript; charset=utf-8'],
      ['/assets/app.css', 'text/css; charset=utf-8'],
      ['/assets/logo.svg', 'image/svg+xml'],
    ] as const) {
      const response = await fetch(`${host.url}${file}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(type);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('answers HEAD without a body', async () => {
    const response = await rawRequest(host.url, { method: 'HEAD', path: '/assets/app.js' });
    expect(response.status).toBe(200);
    expect(response.body).toBe('');
  });

  it('falls back to index.html for app routes, but not for missing files', async () => {
    const route = await fetch(`${host.url}/timeline/home?x=1`);
    expect(route.status).toBe(200);
    expect(await route.text()).toBe(INDEX);
    expect((await fetch(`${host.url}/assets/missing.js`)).status).toBe(404);
  });

  it('serves the page at addresses that end in a name with a dot or a colon: a handle, a remote address, a tag', async () => {
    for (const address of [
      '/@jane.doe',
      `/@${encodeURIComponent('ada@social.example:8443')}`,
      '/tags/node.js',
      '/channels/v1.2',
    ]) {
      const response = await fetch(`${host.url}${address}`);
      expect(response.status, address).toBe(200);
      expect(await response.text()).toBe(INDEX);
    }
    expect((await fetch(`${host.url}/tags/node.js/extra.js`)).status).toBe(404);
  });

  it('still sends API paths to the service', async () => {
    const response = await fetch(`${host.url}/api/no-such-thing`);
    expect((await envelopeOf(response)).meta.code).toBe(response.status);
  });

  it('refuses other methods on static paths', async () => {
    const response = await fetch(`${host.url}/index.html`, { method: 'POST', body: 'x' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });

  it.each([
    '/../secret.txt',
    '/../../secret.txt',
    '/assets/../../secret.txt',
    '/%2e%2e/secret.txt',
    '/%2E%2E/secret',
    '/.%2e/secret.txt',
    '/..%2fsecret.txt',
    '/%2e%2e%2fsecret.txt',
    '/assets/..%2f..%2fsecret.txt',
    '/..%5csecret.txt',
    '/%252e%252e/secret.txt',
    '/..%00/secret.txt',
    '/assets/link.txt',
  ])('never leaves the static folder for %s', async (target) => {
    const response = await rawRequest(host.url, { path: target });
    expect(response.body).not.toContain(SECRET);
    // `..` that URL parsing already folded away can land on an app route: the shell, harmless.
    if (response.status === 200) expect(response.body).toBe(INDEX);
    else expect(response.status).toBe(404);
  });

  it('never serves an absolute path from the file system', async () => {
    const absolute = path.join(outside, 'secret.txt');
    for (const target of [
      absolute,
      `/${absolute}`,
      `/${encodeURIComponent(absolute)}`,
      '/%2Fetc%2Fpasswd',
      '/etc/passwd',
    ]) {
      const response = await rawRequest(host.url, { path: target });
      expect(response.body).not.toContain(SECRET);
      expect(response.body).not.toContain('root:');
    }
  });
});
