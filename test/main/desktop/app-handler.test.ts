import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createStaticSite } from '../../../src-main/host/static';
import { createAppHandler, type AppHandler } from '../../../src-main/desktop/app-handler';
import { contentSecurityPolicy } from '../../../src-main/host/csp';
import type { Service } from '../../../src-shared/service/index';
import { OWNER_TOKEN, startInstance, type TestInstance } from '../../support/instance';
import { tempDir } from '../host-helpers';

const SERVICE_ORIGIN = 'http://127.0.0.1:8788';
const SECRET = 'SECRET-NEXT-TO-THE-RENDERER';
const INDEX = '<!doctype html><title>Desk</title><script type="module" src="./assets/app.js"></script>';

/**
 * The `desk:` protocol handler as the window uses it: the real service on the real SQLite store, and the
 * built renderer from a folder, with a secret file next to that folder that must never be served.
 */
describe('the desk: protocol handler', () => {
  let instance: TestInstance;
  let handler: AppHandler;
  let renderer: string;

  beforeAll(async () => {
    instance = await startInstance('sqlite');
    const root = tempDir('app-handler');
    renderer = path.join(root, 'renderer');
    fs.mkdirSync(path.join(renderer, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(renderer, 'index.html'), INDEX);
    fs.writeFileSync(path.join(renderer, 'assets', 'app.js'), 'console.log("desk");\n');
    fs.writeFileSync(path.join(root, 'secret.txt'), SECRET);
    fs.symlinkSync(path.join(root, 'secret.txt'), path.join(renderer, 'assets', 'linked.txt'));
    handler = createAppHandler({
      service: instance.service,
      site: createStaticSite(renderer),
      ownerToken: OWNER_TOKEN,
      serviceOrigin: () => SERVICE_ORIGIN,
      contentSecurityPolicy: contentSecurityPolicy(),
    });
  });
  afterAll(() => instance.close());

  const get = (url: string, headers: Record<string, string> = {}) => handler.handle(new Request(url, { headers }));
  const write = (content: string, headers: Record<string, string> = {}) =>
    handler.handle(
      new Request('desk://app/api/posts/write', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify({ content, post_type: 'post.note' }),
      }),
    );
  const globalContents = async (): Promise<string[]> => {
    const timeline = await instance.call('GET', '/api/posts/global');
    return (timeline.json.data as { content: string }[]).map((post) => post.content);
  };

  it("answers GET /api/account/me with the owner's account, without the page sending a token", async () => {
    const response = await get('desk://app/api/account/me');
    expect(response.status).toBe(200);
    const envelope = await response.json();
    expect(envelope.meta.code).toBe(200);
    expect(envelope.data).toMatchObject({ guid: instance.accountGuid, type: 'account.owner', display_name: 'Owner' });
  });

  it('writes a post for the page, with URLs on the loopback origin, and the store has it', async () => {
    const response = await write('Written in the window');
    expect(response.status).toBe(200);
    const post = (await response.json()).data[0];
    expect(post.canonical_url).toBe(`${SERVICE_ORIGIN}/posts/${post.guid}`);
    expect(await globalContents()).toContainEqual(expect.stringContaining('Written in the window'));
  });

  it('answers an API URL the window navigates to (a request in navigate mode)', async () => {
    const navigation = new Request('desk://app/api/account/me');
    // What Electron hands the handler for a navigation; Node cannot construct such a request itself.
    Object.defineProperty(navigation, 'mode', { value: 'navigate' });
    const response = await handler.handle(navigation);
    expect(response.status).toBe(200);
    expect((await response.json()).data).toMatchObject({ guid: instance.accountGuid });
  });

  it('keeps a token the page sends itself, so a wrong one is refused rather than replaced', async () => {
    const response = await get('desk://app/api/account/me', { Authorization: 'not-the-owner-token-at-all' });
    expect(response.status).toBe(401);
    expect((await response.json()).meta.text).toBe('Invalid or Expired Token Supplied');
  });

  it("lends the token to the app's own origin only: a request from another origin is refused and writes nothing", async () => {
    const foreign = await write('From another origin', { Origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    expect(await globalContents()).not.toContainEqual(expect.stringContaining('From another origin'));

    const own = await write('From the app itself', { Origin: 'desk://app' });
    expect(own.status).toBe(200);
  });

  it('serves the built renderer with the Content-Security-Policy header', async () => {
    for (const url of ['desk://app/', 'desk://app/index.html', 'desk://app/timeline/home']) {
      const page = await get(url);
      expect(page.status, url).toBe(200);
      expect(await page.text()).toBe(INDEX);
      expect(page.headers.get('content-security-policy')).toBe(contentSecurityPolicy());
      expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    }
    const script = await get('desk://app/assets/app.js');
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(script.headers.get('content-security-policy')).toBe(contentSecurityPolicy());
  });

  it('sends the window the files as they are, by the same rule as the headless host: it asks for no coding', async () => {
    const script = await get('desk://app/assets/app.js');
    expect(script.headers.get('content-encoding')).toBeNull();
    expect(await script.text()).toBe('console.log("desk");\n');
    const page = await get('desk://app/');
    const etag = page.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const again = await get('desk://app/', { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.headers.get('content-security-policy')).toBe(contentSecurityPolicy());
  });

  it('sends a policy that allows no inline or evaluated script and no foreign connection', () => {
    const policy = contentSecurityPolicy();
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("connect-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain('unsafe');
  });

  it('refuses every path that tries to leave the renderer folder', async () => {
    const attempts = [
      'desk://app/../secret.txt',
      'desk://app/%2e%2e/secret.txt',
      'desk://app/..%2fsecret.txt',
      'desk://app/%2e%2e%2fsecret.txt',
      'desk://app/assets/..%2f..%2fsecret.txt',
      'desk://app/..%5csecret.txt',
      'desk://app/assets/..\\..\\secret.txt',
      'desk://app/%252e%252e/secret.txt',
      'desk://app/assets/linked.txt',
      `desk://app/${encodeURIComponent(path.join(renderer, '..', 'secret.txt'))}`,
    ];
    for (const url of attempts) {
      const response = await get(url);
      expect(response.status, url).toBe(404);
      expect(await response.text(), url).not.toContain(SECRET);
    }
  });

  it('answers nothing for another host of the scheme', async () => {
    const response = await get('desk://elsewhere/api/account/me');
    expect(response.status).toBe(404);
  });
});

describe('closing the desk: protocol handler', () => {
  it('waits for the requests in flight, then answers 503 to new ones without calling the service', async () => {
    let release = () => {};
    let calls = 0;
    const slow: Service = async () => {
      calls++;
      await new Promise<void>((resolve) => (release = resolve));
      return Response.json({ meta: { code: 200, text: false, list: false }, data: ['done'] });
    };
    const handler = createAppHandler({
      service: slow,
      site: () => Promise.resolve(new Response('site')),
      ownerToken: OWNER_TOKEN,
      serviceOrigin: () => SERVICE_ORIGIN,
      contentSecurityPolicy: contentSecurityPolicy(),
    });
    const inFlight = handler.handle(new Request('desk://app/api/posts/write', { method: 'POST', body: 'content=x' }));
    await vi.waitFor(() => expect(calls).toBe(1));
    let closed = false;
    const closing = handler.close().then(() => (closed = true));
    // All that close() can do while the service has not answered is done by the next turn of the event loop.
    await new Promise((resolve) => setImmediate(resolve));
    expect(closed).toBe(false);
    release();
    await closing;
    expect((await (await inFlight).json()).data).toEqual(['done']);
    const late = await handler.handle(new Request('desk://app/api/account/me'));
    expect(late.status).toBe(503);
    expect(calls).toBe(1);
  });
});
