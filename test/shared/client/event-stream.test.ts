import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { DeskEvent } from '../../../src-shared/api/events';
import { readEventStream, type StreamEnd } from '../../../src-shared/client/event-stream';

/** A server on a real socket that answers `GET /api/events` as `answer` says, and what it was sent. */
async function serve(answer: (res: http.ServerResponse) => void) {
  const seen: http.IncomingHttpHeaders[] = [];
  const server = http.createServer((req, res) => {
    seen.push(req.headers);
    answer(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}
const servers: http.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

const streamHead = { 'content-type': 'text/event-stream; charset=utf-8' };

async function read(
  baseUrl: string,
  options: { silenceMs?: number; signal?: AbortSignal } = {},
): Promise<{ events: DeskEvent[]; end: StreamEnd }> {
  const events: DeskEvent[] = [];
  const end = await readEventStream(
    { baseUrl, token: 'a-token', signal: options.signal ?? new AbortController().signal, silenceMs: options.silenceMs },
    (e) => events.push(e),
  );
  return { events, end };
}

describe('reading the event stream', () => {
  it('sends the token, reads events split anywhere across chunks, and passes over heartbeats and kinds it does not know', async () => {
    const { baseUrl, seen } = await serve((res) => {
      res.writeHead(200, streamHead);
      const text =
        ': heartbeat\n\n' +
        'event: sync\ndata: {"kind":"sync","remote_guid":"r1"}\n\n' +
        'event: files\ndata: {"kind":"files","path":"a"}\n\n' +
        'event: posts\r\ndata: {"kind":"posts","post_guids":["p1"],"channel_guids":["c1"],"persona_guids":["a1"]}\r\n\r\n' +
        'event: resync\ndata: not json\n\n' +
        'event: resync\ndata: {"kind":"resync"}\n\n';
      // Seven characters a write: every frame arrives in pieces.
      let at = 0;
      const next = () => {
        if (at >= text.length) return res.end();
        res.write(text.slice(at, (at += 7)), next);
      };
      next();
    });
    const { events, end } = await read(baseUrl);
    expect(seen[0]?.authorization).toBe('a-token');
    expect(events).toEqual([
      { kind: 'sync', remote_guid: 'r1' },
      { kind: 'posts', post_guids: ['p1'], channel_guids: ['c1'], persona_guids: ['a1'] },
      { kind: 'resync' },
    ]);
    expect(end).toEqual({ ended: 'closed' });
  });

  it('says a host refused the stream, or answered something that is none', async () => {
    const older = await serve((res) =>
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"meta":{"code":404},"data":false}'),
    );
    expect((await read(older.baseUrl)).end).toEqual({ ended: 'refused', status: 404 });
    const page = await serve((res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html>'));
    expect((await read(page.baseUrl)).end).toEqual({ ended: 'refused', status: 200 });
  });

  it('gives up on a stream that falls silent, and on one whose event has no end', async () => {
    const silent = await serve((res) => res.writeHead(200, streamHead).write(': heartbeat\n\n'));
    expect((await read(silent.baseUrl, { silenceMs: 200 })).end).toEqual({
      ended: 'failed',
      reason: 'the stream fell silent',
    });

    const endless = await serve((res) => {
      res.writeHead(200, streamHead);
      res.write(`data: ${'x'.repeat(300 * 1024)}`);
    });
    expect((await read(endless.baseUrl)).end).toMatchObject({ ended: 'failed' });
  });

  it('ends when its caller stops it', async () => {
    const open = await serve((res) =>
      res.writeHead(200, streamHead).write('event: resync\ndata: {"kind":"resync"}\n\n'),
    );
    const stop = new AbortController();
    const events: DeskEvent[] = [];
    // Stopped once the first event arrived; the host would keep the stream open.
    const end = await readEventStream({ baseUrl: open.baseUrl, signal: stop.signal }, (event) => {
      events.push(event);
      stop.abort();
    });
    expect(events).toEqual([{ kind: 'resync' }]);
    expect(end).toEqual({ ended: 'closed' });
  });
});
