import type http from 'node:http';
import type { Socket } from 'node:net';

/** Headers about this one connection; the service sees a whole, already-read request (or a streamed upload's). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'expect',
]);

/** A host name, IPv4 address or bracketed IPv6 address, with an optional port: nothing that could add a path. */
const HOST_HEADER = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The Fetch `Request` the service sees, or undefined when the request line names no usable path.
 * The URL's authority is the client's Host header when it is well-formed, so that URLs the service builds
 * point where the client reached us; otherwise the address the connection arrived on.
 */
export function toFetchRequest(
  req: http.IncomingMessage,
  body: Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array>,
): Request | undefined {
  const hostHeader = req.headers.host;
  const authority = hostHeader !== undefined && HOST_HEADER.test(hostHeader) ? hostHeader : localAuthority(req.socket);
  const target = pathAndQuery(req.url ?? '/');
  if (target === undefined) return undefined;
  const method = req.method ?? 'GET';
  // Fetch forbids a body on GET and HEAD; such a body was read (to keep the connection in step) and is dropped.
  const carriesBody = method !== 'GET' && method !== 'HEAD';
  try {
    const url = new URL(`http://${authority}${target}`);
    // Given as pairs, which the Request appends in order as a Headers would: one copy of them, not two.
    const headers: [string, string][] = [];
    const raw = req.rawHeaders;
    for (let i = 0; i + 1 < raw.length; i += 2) {
      const name = raw[i] ?? '';
      if (!HOP_BY_HOP.has(name.toLowerCase())) headers.push([name, raw[i + 1] ?? '']);
    }
    // A body still arriving is given as it comes (`duplex: 'half'`: the answer may start before it ends).
    return new Request(url, {
      method,
      headers,
      body: carriesBody ? body : null,
      ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
    });
  } catch {
    // A target no URL can hold, a method Fetch refuses (TRACE, TRACK, CONNECT), a header it will not carry.
    return undefined;
  }
}

/**
 * Only the path and query of the request target. Origin-form is joined as text, because URL resolution
 * would read `//evil.example/x` as another host; absolute-form (sent to proxies) keeps only its path.
 */
function pathAndQuery(target: string): string | undefined {
  if (target.startsWith('/')) return target;
  try {
    const url = new URL(target);
    return url.protocol === 'http:' || url.protocol === 'https:' ? `${url.pathname}${url.search}` : undefined;
  } catch {
    return undefined;
  }
}

function localAuthority(socket: Socket): string {
  const address = socket.localAddress ?? '127.0.0.1';
  const host = address.includes(':') ? `[${address}]` : address;
  return `${host}:${socket.localPort ?? 80}`;
}
