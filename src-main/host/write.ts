import type http from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Envelope } from '../../src-shared/api/envelope';

/** The error envelope of section 2.1, for the few answers the host gives without asking the service. */
export function errorEnvelope(code: number, text: string): Response {
  const body = JSON.stringify({ meta: { code, text, list: false }, data: false } satisfies Envelope<never>);
  return new Response(body, {
    status: code,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

/** Writes a Fetch Response to Node's response: status, headers (every Set-Cookie kept apart), streamed body. */
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
  const body = response.body;
  if (body === null || req.method === 'HEAD') {
    await body?.cancel();
    res.end();
    return;
  }
  await pipeline(Readable.from(chunksOf(body)), res);
}

async function* chunksOf(body: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    // Reached early when the client went away: tell the producer to stop.
    await reader.cancel().catch(() => undefined);
  }
}
