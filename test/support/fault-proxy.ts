import http from 'node:http';
import { asReference, referenceCount, referenceRefusal } from './reference-quirks';

/**
 * What the proxy does to one request that matches:
 * - `cut-before`: closes the connection without passing the request on (the remote never sees it);
 * - `cut-after`: passes it on, lets the remote commit, then closes the connection without an answer;
 * - `hang-after`: passes it on and never answers (the client times out; the remote has committed);
 * - `status-500`: answers 500 without passing it on;
 * - `login-text`: answers HTTP 200 with the plain text a reference remote sends for a refused token;
 * - `slow`: waits `ms`, then passes it on and answers (a client with a shorter timeout has given up);
 * - `repeat-page`: passes it on and answers with every post of the page twice;
 * - `rewrite`: passes it on and answers with what `rewrite` makes of the envelope (a hostile remote);
 * - `held`: waits until `until` resolves, then passes it on and answers (a page under way for as long as a test needs).
 */
export type FaultKind =
  'cut-before' | 'cut-after' | 'hang-after' | 'status-500' | 'login-text' | 'slow' | 'repeat-page' | 'rewrite' | 'held';

/** An answer's envelope as the proxy hands it to `rewrite`. */
export interface ProxiedEnvelope {
  meta: Record<string, unknown>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a rewrite edits arbitrary answer shapes
  data: any;
}

export interface Fault {
  kind: FaultKind;
  method: string;
  /** Matched against the path and query string. */
  path: RegExp;
  /** How many matching requests it hits; default 1. */
  times?: number;
  ms?: number;
  /** For `rewrite`. */
  rewrite?: (envelope: ProxiedEnvelope) => ProxiedEnvelope;
  /** For `held`. */
  until?: Promise<void>;
}

export interface FaultProxy {
  url: string;
  inject(fault: Fault): void;
  /** Requests that reached the proxy, as `METHOD /path?query`. */
  seen: string[];
  /**
   * Resolves once every request that reached the proxy has been dealt with: a `slow` one passed on and
   * answered, a `hang-after` one passed on (its answer is held back for good). Fails after `ms`.
   */
  settled(ms?: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * A remote with faults: an HTTP proxy on a real socket in front of a served instance. With `only`, paths
 * that do not match answer 404 (a remote that speaks only the legacy interface, say). With `reference`, the
 * instance answers as matigo/streams does (reference-quirks.ts).
 */
export async function startFaultProxy(
  target: string,
  options: { only?: RegExp; reference?: boolean } = {},
): Promise<FaultProxy> {
  const faults: (Fault & { left: number })[] = [];
  const seen: string[] = [];
  const hanging = new Set<http.ServerResponse>();
  let inFlight = 0;
  let onSettled: (() => void)[] = [];
  const done = () => {
    if (--inFlight > 0) return;
    const waiting = onSettled;
    onSettled = [];
    for (const resolve of waiting) resolve();
  };

  const headersOf = (req: http.IncomingMessage) =>
    Object.fromEntries(
      Object.entries(req.headers).filter(
        (e): e is [string, string] => typeof e[1] === 'string' && e[0] !== 'host' && e[0] !== 'connection',
      ),
    );
  const forward = async (req: http.IncomingMessage, body: Buffer) => {
    const url = new URL(req.url ?? '/', target);
    if (options.reference && url.searchParams.has('count'))
      url.searchParams.set('count', referenceCount(url.searchParams.get('count')) ?? '');
    return fetch(`${target}${url.pathname}${url.search}`, {
      method: req.method ?? 'GET',
      headers: headersOf(req),
      ...(body.length > 0 ? { body: new Uint8Array(body) } : {}),
    });
  };
  const answer = async (res: http.ServerResponse, response: Response, text?: string, req?: http.IncomingMessage) => {
    let status = response.status;
    let body = text ?? (await response.text());
    if (options.reference && req) {
      const channels = async () => {
        const listed = await fetch(`${target}/api/account/channels`, { headers: headersOf(req) });
        const data = ((await listed.json()) as { data?: unknown }).data;
        return Array.isArray(data) ? (data as Record<string, unknown>[]) : [];
      };
      let json: Record<string, unknown> | null = null;
      try {
        json = JSON.parse(body) as Record<string, unknown>;
      } catch {
        // Not an envelope: passed on as it is.
      }
      const path = new URL(req.url ?? '/', target).pathname;
      ({ status, text: body } = await asReference(
        { status, text: body, json },
        { method: req.method ?? 'GET', path, channels },
      ));
    }
    res.writeHead(status, { 'content-type': response.headers.get('content-type') ?? 'application/json' });
    res.end(body);
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const line = `${req.method} ${req.url}`;
      seen.push(line);
      const fault = faults.find((f) => f.left > 0 && f.method === req.method && f.path.test(req.url ?? ''));
      if (fault) fault.left -= 1;
      const body = Buffer.concat(chunks);
      if (options.only && !options.only.test(req.url ?? '')) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ meta: { code: 404, text: 'Unknown Endpoint', list: false }, data: false }));
        return;
      }
      const refused = options.reference
        ? referenceRefusal(req.method ?? 'GET', new URL(req.url ?? '/', target).pathname, !!req.headers.authorization)
        : null;
      if (refused) {
        res.writeHead(refused.status, { 'content-type': 'application/json' });
        res.end(refused.text);
        return;
      }
      inFlight += 1;
      void (async () => {
        switch (fault?.kind) {
          case 'cut-before':
            return req.socket.destroy();
          case 'cut-after':
            await (await forward(req, body)).text();
            return req.socket.destroy();
          case 'hang-after':
            await (await forward(req, body)).text();
            hanging.add(res);
            return;
          case 'status-500':
            res.writeHead(500, { 'content-type': 'application/json' });
            return res.end(JSON.stringify({ meta: { code: 500, text: 'Injected failure', list: false }, data: false }));
          case 'login-text':
            res.writeHead(200, { 'content-type': 'text/html' });
            return res.end('You Need to Log In First');
          case 'slow':
            // The delay is the fault itself: longer than the client waits for an answer.
            await new Promise((resolve) => setTimeout(resolve, fault.ms ?? 3000));
            return answer(res, await forward(req, body), undefined, req);
          case 'repeat-page': {
            const response = await forward(req, body);
            const envelope = (await response.json()) as { data: unknown };
            if (Array.isArray(envelope.data)) envelope.data = [...envelope.data, ...envelope.data];
            return answer(res, response, JSON.stringify(envelope), req);
          }
          case 'rewrite': {
            const response = await forward(req, body);
            const envelope = (await response.json()) as ProxiedEnvelope;
            return answer(res, response, JSON.stringify(fault.rewrite?.(envelope) ?? envelope), req);
          }
          case 'held':
            await fault.until;
            return answer(res, await forward(req, body), undefined, req);
          default:
            return answer(res, await forward(req, body), undefined, req);
        }
      })()
        .catch(() => req.socket.destroy())
        .finally(done);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    inject: (fault) => faults.push({ ...fault, left: fault.times ?? 1 }),
    seen,
    settled: (ms = 10_000) =>
      inFlight === 0
        ? Promise.resolve()
        : new Promise<void>((resolve, reject) => {
            const timer = setTimeout(
              () => reject(new Error(`the proxy still handles ${inFlight} request(s) after ${ms} ms`)),
              ms,
            );
            onSettled.push(() => {
              clearTimeout(timer);
              resolve();
            });
          }),
    close: async () => {
      for (const res of hanging) res.socket?.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
