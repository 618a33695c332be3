import type http from 'node:http';
import { Readable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { Envelope } from '../../src-shared/api/envelope';

/** The error envelope of section 2.1, for the few answers the host gives without asking the service. */
export function errorEnvelope(code: number, text: string): Response {
  const body = JSON.stringify({ meta: { code, text, list: false }, data: false } satisfies Envelope<never>);
  return new Response(body, {
    status: code,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

/**
 * Writes a Fetch Response to Node's response: status, headers (every Set-Cookie kept apart), body.
 *
 * Every body here but a download is already in memory (envelopes, the page, built files), so it is sent
 * whole with its length in one write: streaming it through Node's stream machinery cost about a
 * millisecond a request and sent the chunked ending in a packet of its own. A download (an attachment: the
 * instance's archive) is made as it is sent, and an event stream (`GET /api/events`) has no end, so those
 * are streamed, each chunk taken only once the socket took the one before.
 */
export async function writeResponse(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  response: Response,
): Promise<void> {
  res.statusCode = response.status;
  if (response.statusText) res.statusMessage = response.statusText;
  for (const [name, value] of response.headers) {
    if (name !== 'set-cookie') res.setHeader(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader('Set-Cookie', cookies);
  if (response.body !== null && req.method !== 'HEAD' && isStreamed(response)) {
    await pipeline(Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>), res);
    return;
  }
  const body = response.body === null ? null : Buffer.from(await response.arrayBuffer());
  if (body !== null) res.setHeader('Content-Length', body.length);
  res.end(req.method === 'HEAD' ? undefined : (body ?? undefined));
  // Settles when the answer is handed to the socket, or fails when the client left first.
  await finished(res);
}

/** A download, or an event stream: bodies made as they are sent. */
const isStreamed = (response: Response): boolean =>
  /^attachment\b/i.test(response.headers.get('content-disposition') ?? '') ||
  /^text\/event-stream\b/i.test(response.headers.get('content-type') ?? '');
