import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Service } from '../../src-shared/service/index';
import { createHttpHost, type HttpHost, type HttpHostOptions } from '../../src-main/host/http';
import type { Site } from '../../src-main/host/static';
import { envelopeOf, rawRequest } from './host-helpers';

/**
 * The HTTP layer alone, in front of stand-in services: how requests are handed over and answers written
 * back, and what happens when a service misbehaves. Independent of the real service and store.
 */
const hosts: HttpHost[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((host) => host.close()));
});

const noSite: Site = () => Promise.resolve(new Response('site', { status: 200 }));

async function serve(
  service: Service,
  site: Site = noSite,
  options: Partial<
    Pick<HttpHostOptions, 'drainMs' | 'bodyBudgetBytes' | 'requestTimeoutMs' | 'streamedPaths' | 'largerBodies'>
  > = {},
) {
  const host = createHttpHost({ service, site, ...options });
  hosts.push(host);
  const address = await host.listen(0, '127.0.0.1');
  return { host, url: `http://127.0.0.1:${address.port}` };
}

const echo =
  (seen: Request[]): Service =>
  async (request) => {
    seen.push(request);
    return Response.json({ meta: { code: 200, text: false, list: false }, data: [await request.text()] });
  };

/** A service call held open until the test lets it go: `reached` resolves once the call has begun. */
function heldCall() {
  let release = () => {};
  let begun = () => {};
  const reached = new Promise<void>((resolve) => (begun = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const hold = async () => {
    begun();
    await released;
  };
  return { reached, release, hold };
}

describe('the HTTP layer', () => {
  it('hands the service a Fetch Request with method, full URL, headers and body', async () => {
    const seen: Request[] = [];
    const { url } = await serve(echo(seen));
    const response = await fetch(`${url}/api/posts/write?x=1`, {
      method: 'POST',
      headers: { Authorization: 'Bearer abc', 'Content-Type': 'application/json' },
      body: '{"content":"hi"}',
    });
    expect(await response.json()).toMatchObject({ data: ['{"content":"hi"}'] });
    const request = seen[0];
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe(`${url}/api/posts/write?x=1`);
    expect(request?.headers.get('authorization')).toBe('Bearer abc');
    expect(request?.headers.get('content-type')).toBe('application/json');
    // Connection-level headers are the host's business, not the service's.
    expect(request?.headers.get('connection')).toBeNull();
  });

  it('takes the URL authority from the Host header, and falls back to the listen address when it is malformed', async () => {
    const seen: Request[] = [];
    const { url } = await serve(echo(seen), echo(seen));
    await rawRequest(url, { path: '/api/a', headers: { Host: 'desk.example:8443' } });
    await rawRequest(url, { path: '/api/b', headers: { Host: 'evil.example/x?' } });
    await rawRequest(url, { path: '//evil.example/api/c' });
    await rawRequest(url, { path: 'http://elsewhere.example/api/d?q=1' });
    expect(seen.map((request) => request.url)).toEqual([
      'http://desk.example:8443/api/a',
      `${url}/api/b`,
      `${url}//evil.example/api/c`,
      `${url}/api/d?q=1`,
    ]);
  });

  it('sends only /api/, /content and /users to the service, the rest to the site', async () => {
    const seen: Request[] = [];
    const { url } = await serve(echo(seen));
    for (const target of ['/api/x', '/api', '/content', '/content/blurbs/global', '/users/blurbs/1']) {
      expect((await fetch(`${url}${target}`)).headers.get('content-type')).toMatch(/json/);
    }
    for (const target of ['/', '/apiary', '/contents', '/index.html']) {
      expect(await (await fetch(`${url}${target}`)).text()).toBe('site');
    }
    expect(seen).toHaveLength(5);
  });

  it('writes back status, headers (every Set-Cookie) and the whole body with its length', async () => {
    const { url } = await serve(() => {
      const headers = new Headers({ 'Content-Type': 'text/plain', 'X-Extra': 'yes' });
      headers.append('Set-Cookie', 'a=1');
      headers.append('Set-Cookie', 'b=2');
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          for (const part of ['one ', 'two ', 'three']) {
            controller.enqueue(new TextEncoder().encode(part));
            // Each part in a turn of the event loop of its own, as a body that streams in.
            await new Promise((resolve) => setImmediate(resolve));
          }
          controller.close();
        },
      });
      return Promise.resolve(new Response(body, { status: 201, headers }));
    });
    const response = await rawRequest(url, { path: '/api/x' });
    expect(response.status).toBe(201);
    expect(response.headers['x-extra']).toBe('yes');
    expect(response.headers['set-cookie']).toEqual(['a=1', 'b=2']);
    expect(response.body).toBe('one two three');
    // Sent whole: the client knows where the answer ends without a chunked ending.
    expect(response.headers['content-length']).toBe('13');
    expect(response.headers['transfer-encoding']).toBeUndefined();
  });

  it('answers HEAD with the length of the body it leaves out', async () => {
    const { url } = await serve(() => Promise.resolve(new Response('twelve bytes', { status: 200 })));
    const response = await rawRequest(url, { method: 'HEAD', path: '/api/x' });
    expect(response.status).toBe(200);
    expect(response.headers['content-length']).toBe('12');
    expect(response.body).toBe('');
  });

  it('turns a throwing or rejecting service into a 500 envelope, logs it without the query, and keeps serving', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failing: Service[] = [
      () => Promise.reject(new Error('boom')),
      () => {
        throw new Error('thrown before any promise');
      },
    ];
    for (const service of failing) {
      const { url } = await serve(service);
      const response = await fetch(`${url}/api/anything?token=do-not-log-me`);
      expect(response.status).toBe(500);
      const envelope = await envelopeOf(response);
      expect(envelope).toEqual({
        meta: { code: 500, text: 'Something Went Wrong on This Instance', list: false },
        data: false,
      });
      expect((await fetch(`${url}/api/anything`)).status).toBe(500);
    }
    expect(logged).toHaveBeenCalledWith(expect.stringMatching(/^GET \/api\/anything failed: Error: thrown/));
    expect(JSON.stringify(logged.mock.calls)).not.toContain('do-not-log-me');
    logged.mockRestore();
  });

  it('turns a failing site into a 500 too', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { url } = await serve(echo([]), () => Promise.reject(new Error('disk on fire')));
    expect((await fetch(`${url}/`)).status).toBe(500);
    expect(logged).toHaveBeenCalledOnce();
    logged.mockRestore();
  });

  it('refuses an oversized body without handing it to the service, in every way it can arrive', async () => {
    const seen: Request[] = [];
    const { url } = await serve(echo(seen));
    const big = new Uint8Array(1024 * 1024 + 1);
    const declared = await rawRequest(url, { method: 'POST', path: '/api/x', body: big });
    const chunked = await new Promise<number>((resolve, reject) => {
      const req = http.request(`${url}/api/x`, { method: 'POST', agent: false }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      // No Content-Length: the host has to count.
      for (let i = 0; i < 17; i += 1) req.write(new Uint8Array(64 * 1024));
      req.end();
    });
    const expecting = await rawRequest(url, {
      method: 'POST',
      path: '/api/x',
      headers: { Expect: '100-continue', 'Content-Length': String(5 * 1024 * 1024) },
    }).catch(() => undefined);
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.body)).toEqual({
      meta: { code: 413, text: 'The Request Body Is Too Large', list: false },
      data: false,
    });
    expect(chunked).toBe(413);
    expect(expecting?.status).toBe(413);
    expect(seen).toHaveLength(0);

    const exactly = await fetch(`${url}/api/x`, { method: 'POST', body: new Uint8Array(1024 * 1024) });
    expect(exactly.status).toBe(200);
    expect(await exactly.json()).toMatchObject({ data: ['\0'.repeat(1024 * 1024)] });
  });

  it('holds only so much of the bodies still arriving: beyond its budget a large body is refused with 503, small ones still pass', async () => {
    const seen: Request[] = [];
    const { url } = await serve(echo(seen), noSite, { bodyBudgetBytes: 2 * 1024 * 1024 });
    const { port } = new URL(url);
    // Bodies just under the limit that never end, as a client with no token can send them.
    const sockets: net.Socket[] = [];
    const answers: string[] = [];
    for (let i = 0; i < 8; i++) {
      const socket = net.connect(Number(port), '127.0.0.1');
      sockets.push(socket);
      socket.on('data', (chunk: Buffer) => answers.push(chunk.toString().split('\r\n')[0] ?? ''));
      socket.on('error', () => undefined);
      socket.write(`POST /api/x HTTP/1.1\r\nHost: x\r\nContent-Length: ${1024 * 1024 - 10}\r\n\r\n`);
      socket.write(Buffer.alloc(900 * 1024, 0x61));
    }
    await vi.waitFor(
      () => expect(answers.filter((line) => line.startsWith('HTTP/1.1 503')).length).toBeGreaterThanOrEqual(5),
      { timeout: 5_000 },
    );
    // Everyone else is still served.
    const small = await fetch(`${url}/api/x`, { method: 'POST', body: '{"content":"hello"}' });
    expect(small.status).toBe(200);
    for (const socket of sockets) socket.destroy();
    expect(seen.map((r) => r.url)).toEqual([`${url}/api/x`]);
  });

  it('gives a client a limited time to send its whole request', async () => {
    const { url } = await serve(echo([]), noSite, { requestTimeoutMs: 300 });
    const { port } = new URL(url);
    const started = Date.now();
    const closed = await new Promise<string>((resolve) => {
      const socket = net.connect(Number(port), '127.0.0.1', () =>
        socket.write('POST /api/x HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nslow'),
      );
      let answer = '';
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
      socket.on('error', () => undefined);
      socket.once('close', () => resolve(answer.split('\r\n')[0] ?? ''));
    });
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(closed).toBe('HTTP/1.1 408 Request Timeout');
  });

  it('lets the bodies that routes read themselves past the bound of variables, as the routes declare them', async () => {
    const { url } = await serve(echo([]), noSite, { largerBodies: { '/api/larger': 4 * 1024 * 1024 } });
    const twoMiB = JSON.stringify({ padding: 'x'.repeat(2 * 1024 * 1024) });
    // A path given more room takes it; the variables of any other route 1 MiB.
    expect((await fetch(`${url}/api/larger`, { method: 'POST', body: twoMiB })).status).toBe(200);
    expect((await fetch(`${url}/api/posts/write`, { method: 'POST', body: twoMiB })).status).toBe(413);
    // An archive upload is handed over as it arrives, whatever its size within the route's 2 GiB.
    expect(
      (await fetch(`${url}/api/instance/restore`, { method: 'POST', body: new Uint8Array(3 * 1024 * 1024) })).status,
    ).toBe(200);
  });

  it('lets a streamed upload take longer than a request may, as long as it keeps arriving, and cuts one that stops', async () => {
    const { url } = await serve(echo([]), noSite, { requestTimeoutMs: 400, streamedPaths: ['/api/upload'] });
    const { port } = new URL(url);
    /** Sends `parts` pieces of the body, `gapMs` apart; answers the status line, or '' when the connection was cut. */
    const upload = (parts: number, gapMs: number, stopAfter = parts) =>
      new Promise<string>((resolve) => {
        const socket = net.connect(Number(port), '127.0.0.1', () => {
          socket.write(`POST /api/upload HTTP/1.1\r\nHost: x\r\nContent-Length: ${parts}\r\n\r\n`);
          let sent = 0;
          const tick = setInterval(() => {
            if (sent < stopAfter) socket.write('x');
            sent += 1;
            if (sent >= stopAfter) clearInterval(tick);
          }, gapMs);
          socket.once('close', () => clearInterval(tick));
        });
        let answer = '';
        socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
        socket.on('error', () => undefined);
        socket.once('close', () => resolve(answer.split('\r\n')[0] ?? ''));
      });
    // 12 pieces 150 ms apart: 1.8 s in all, four times the request time, never 400 ms without a piece.
    expect(await upload(12, 150)).toBe('HTTP/1.1 200 OK');
    // The same upload stopping after three pieces is cut once 400 ms pass without one.
    const started = Date.now();
    expect(await upload(12, 150, 3)).toBe('');
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('forgets an upload its client abandons half-way, so close() does not wait for it', async () => {
    const seen: Request[] = [];
    const { host, url } = await serve(echo(seen));
    const { port } = new URL(url);
    await new Promise<void>((resolve) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => {
        // Gone once the start of the upload is on its way.
        socket.write('POST /api/x HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\nonly a little', () =>
          socket.destroy(),
        );
        socket.once('close', () => resolve());
      });
    });
    const started = Date.now();
    await host.close();
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(seen).toHaveLength(0);
  });

  it('close() lets an in-flight request finish, and then refuses new connections', async () => {
    let finished = false;
    const call = heldCall();
    const { host, url } = await serve(async () => {
      await call.hold();
      finished = true;
      return Response.json({ meta: { code: 200, text: false, list: false }, data: [] });
    });
    const pending = fetch(`${url}/api/slow`, { method: 'POST', body: 'x' });
    await call.reached;
    const closing = host.close();
    call.release();
    const response = await pending;
    expect(response.status).toBe(200);
    expect(response.headers.get('connection')).toBe('close');
    await closing;
    expect(finished).toBe(true);
    await expect(fetch(`${url}/api/again`)).rejects.toThrow();
  });

  it('close() cuts a client that outstays the grace period, but still waits for its service call', async () => {
    let finished = false;
    const call = heldCall();
    const { host, url } = await serve(
      async () => {
        await call.hold();
        finished = true;
        return new Response('late');
      },
      noSite,
      { drainMs: 50 },
    );
    const pending = fetch(`${url}/api/slow`).then(
      (response) => response.status,
      () => 'cut',
    );
    await call.reached;
    // Whether close() has finished is read when it does.
    const closed = host.close().then(() => finished);
    expect(await pending).toBe('cut');
    call.release();
    expect(await closed).toBe(true);
  });
});
