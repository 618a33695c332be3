import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { ErrorText } from '../../src-shared/api/errors';
import type { OwnBody } from '../../src-shared/api/route-contract';
import { MAX_BODY_BYTES } from '../../src-shared/api/variables';
import { routes } from '../../src-shared/api/routes';
import type { Service } from '../../src-shared/service/index';
import { logProblem } from './printable';
import { toFetchRequest } from './request';
import type { Site } from './static';
import { errorEnvelope, writeResponse } from './write';

/** The service owns the API prefixes; everything else is the site. `/contents` is not `/content`. */
const API_PATH = /^\/(?:api|content|users)(?:\/|$)/;

export interface HttpHostOptions {
  service: Service;
  site: Site;
  maxBodyBytes?: number;
  /**
   * Paths that take a larger body than maxBodyBytes, and how large (the drafts sent with an export).
   * By default those the routes declare (`body`, api/route-contract.ts).
   */
  largerBodies?: Readonly<Record<string, number>>;
  /** How long close() lets in-flight responses finish before it cuts their connections. */
  drainMs?: number;
  /** How long a refused oversized upload is still drained, so its client reads the 413 and not a reset. */
  lingerMs?: number;
  /**
   * Bytes of request bodies held at once beyond the first FREE_BODY_BYTES of each (default 32 MiB): a body
   * that would pass it is refused with 503, so clients that send bodies slowly cannot fill the memory.
   */
  bodyBudgetBytes?: number;
  /**
   * The time a client has to send a request's body once its headers arrived (default 30 s; the headers have
   * 20 s). A streamed upload has no end it must reach in time, only this long between two of its chunks:
   * an archive of a gigabyte over a slow link arrives, one that stops arriving is cut.
   */
  requestTimeoutMs?: number;
  /**
   * Paths whose request bodies the service reads as they arrive, bounding them itself (an archive upload):
   * neither maxBodyBytes nor the budget applies, and nothing of them is held here. By default those the
   * routes declare so (`body.streamed`).
   */
  streamedPaths?: readonly string[];
}

/** The bodies the routes read themselves (api/route-contract.ts), by path: theirs are all literal paths of POST. */
const OWN_BODIES: readonly (OwnBody & { path: string })[] = Object.values(routes).flatMap((route) =>
  'body' in route ? [{ path: route.pattern, ...route.body }] : [],
);
const LARGER_BODIES: Readonly<Record<string, number>> = Object.fromEntries(
  OWN_BODIES.filter((body) => !body.streamed).map((body) => [body.path, body.maxBytes]),
);
const STREAMED_PATHS: readonly string[] = OWN_BODIES.filter((body) => body.streamed).map((body) => body.path);

/** What every request may hold of its body without drawing on the shared budget: small requests always pass. */
const FREE_BODY_BYTES = 64 * 1024;

export interface HttpHost {
  readonly server: http.Server;
  listen(port: number, host: string): Promise<AddressInfo>;
  /** Stops accepting, lets in-flight requests finish (service calls always run to the end), then closes. */
  close(): Promise<void>;
}

export function createHttpHost(options: HttpHostOptions): HttpHost {
  const maxBodyBytes = options.maxBodyBytes ?? MAX_BODY_BYTES;
  const largerBodies = options.largerBodies ?? LARGER_BODIES;
  const streamedPaths = options.streamedPaths ?? STREAMED_PATHS;
  const drainMs = options.drainMs ?? 10_000;
  const lingerMs = options.lingerMs ?? 2_000;
  const requestTimeout = options.requestTimeoutMs ?? 30_000;
  const budget = { left: options.bodyBudgetBytes ?? 32 * 1024 * 1024 };
  const inFlight = new Set<Promise<void>>();
  let closing = false;
  let closed: Promise<void> | undefined;

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse, expectsContinue: boolean) => {
    if (closing) {
      res.setHeader('Connection', 'close');
      return writeResponse(req, res, errorEnvelope(503, ErrorText.shuttingDown));
    }
    const path = pathOf(req.url);
    if (req.method === 'POST' && streamedPaths.includes(path)) return answerStreamed(req, res, expectsContinue);
    const limit = largerBodies[path] ?? maxBodyBytes;
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > limit) return refuseBody(req, res, lingerMs);
    if (expectsContinue) res.writeContinue();
    const held = { bytes: 0 };
    try {
      const body = await readBody(req, { limit, budget, held, withinMs: requestTimeout });
      if (body === 'too-large') await refuseBody(req, res, lingerMs);
      else if (body === 'busy') await refuseBody(req, res, lingerMs, errorEnvelope(503, ErrorText.busy));
      else if (body === 'too-slow') await refuseBody(req, res, lingerMs, errorEnvelope(408, ErrorText.bodyTooSlow));
      else await answer(req, res, body);
    } finally {
      budget.left += held.bytes;
    }
  };

  /**
   * The service reads the body as far as it wants. What it leaves unread (a refused upload) is discarded for
   * a moment after the answer, so the client can read it, and the connection is then cut.
   */
  const answerStreamed = async (req: http.IncomingMessage, res: http.ServerResponse, expectsContinue: boolean) => {
    if (expectsContinue) res.writeContinue();
    res.setHeader('Connection', 'close');
    // An upload that stops arriving ends as a client gone would (the service sees its body fail).
    let idle = setTimeout(() => req.destroy(), requestTimeout);
    const stillArriving = () => {
      clearTimeout(idle);
      if (!req.complete) idle = setTimeout(() => req.destroy(), requestTimeout);
    };
    req
      .on('data', stillArriving)
      .once('end', () => clearTimeout(idle))
      .once('close', () => clearTimeout(idle));
    await answer(req, res, Readable.toWeb(req) as ReadableStream<Uint8Array>);
    if (req.complete) return;
    req.removeAllListeners('data');
    req.on('data', () => undefined).resume();
    const cut = setTimeout(() => req.socket.destroy(), lingerMs);
    req.socket.once('close', () => clearTimeout(cut));
  };

  const answer = async (
    req: http.IncomingMessage,
    res: http.ServerResponse,
    body: Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array>,
  ) => {
    const request = toFetchRequest(req, body);
    if (request === undefined) return writeResponse(req, res, errorEnvelope(400, ErrorText.invalidParameters));
    const target = API_PATH.test(new URL(request.url).pathname) ? options.service : options.site;
    let response: Response;
    try {
      response = await target(request);
    } catch (error) {
      // The query string can carry a token: log the path only.
      logProblem(`${req.method ?? '?'} ${new URL(request.url).pathname} failed`, error);
      response = errorEnvelope(500, ErrorText.internal);
    }
    if (closing) res.setHeader('Connection', 'close');
    await writeResponse(req, res, response);
  };

  const track = (req: http.IncomingMessage, res: http.ServerResponse, expectsContinue: boolean) => {
    const task = handle(req, res, expectsContinue).catch((error: unknown) => failLate(req, res, error));
    inFlight.add(task);
    void task.finally(() => inFlight.delete(task));
  };

  // Node's own requestTimeout would hold a streamed upload to the time of a whole request: bodies are
  // timed here instead (readBody, answerStreamed), and Node times the headers. It looks at them only every
  // connectionsCheckingInterval (30 s by default).
  const server = http.createServer({
    requestTimeout: 0,
    headersTimeout: Math.min(requestTimeout, 20_000),
    connectionsCheckingInterval: Math.min(requestTimeout, 5_000),
  });
  server.on('request', (req, res) => track(req, res, false));
  // Answering 100-continue ourselves lets an oversized upload be refused before the client sends it.
  server.on('checkContinue', (req, res) => track(req, res, true));

  return {
    server,
    listen: (port, host) =>
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          resolve(server.address() as AddressInfo);
        });
      }),
    close: () => {
      closed ??= (async () => {
        closing = true;
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        await settle(inFlight, drainMs);
        server.closeAllConnections();
        // Cut clients no longer wait, but their service calls (writes) must still reach the store.
        await settle(inFlight, Infinity);
        await stopped;
      })();
      return closed;
    },
  };
}

/**
 * The request's body. Past FREE_BODY_BYTES each chunk is taken from the shared `budget` (and counted in
 * `held`, which the caller gives back): 'busy' when the budget has no room for it; 'too-slow' when it has
 * not all arrived within `withinMs`.
 */
function readBody(
  req: http.IncomingMessage,
  {
    limit,
    budget,
    held,
    withinMs,
  }: { limit: number; budget: { left: number }; held: { bytes: number }; withinMs: number },
): Promise<Uint8Array<ArrayBuffer> | 'too-large' | 'busy' | 'too-slow'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = (why: 'too-large' | 'busy' | 'too-slow') => {
      // The 'error' listener stays: an upload cut short later must not become an uncaught error.
      req.off('data', onData).off('close', onClose);
      clearTimeout(deadline);
      resolve(why);
    };
    const deadline = setTimeout(() => stop('too-slow'), withinMs);
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        stop('too-large');
        return;
      }
      const beyond = Math.max(0, size - FREE_BODY_BYTES) - held.bytes;
      if (beyond > budget.left) {
        stop('busy');
        return;
      }
      budget.left -= beyond;
      held.bytes += beyond;
      chunks.push(chunk);
    };
    const onEnd = () => {
      // Every request closes once answered: an error made then, with its stack, would be thrown away.
      req.off('close', onClose);
      clearTimeout(deadline);
      resolve(Buffer.concat(chunks));
    };
    // Node reports an abandoned upload as 'error'; 'close' is the backstop that keeps close() from waiting forever.
    const onClose = () => {
      clearTimeout(deadline);
      reject(new Error('the client closed the connection before the request body ended'));
    };
    req.on('data', onData).once('end', onEnd).once('error', reject).once('close', onClose);
  });
}

/** The path of a request target, for matching only. */
function pathOf(target: string | undefined): string {
  try {
    return new URL(target ?? '/', 'http://host.invalid').pathname;
  } catch {
    return '';
  }
}

/**
 * Stops buffering and answers 413 at once. The client may still be sending: what arrives is discarded for a
 * moment so it can read the answer, then the connection is cut.
 */
async function refuseBody(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  lingerMs: number,
  answer: Response = errorEnvelope(413, ErrorText.bodyTooLarge),
): Promise<void> {
  res.setHeader('Connection', 'close');
  req.resume();
  const cut = setTimeout(() => req.socket.destroy(), lingerMs);
  req.socket.once('close', () => clearTimeout(cut));
  await writeResponse(req, res, answer);
}

/** An error while reading the request or writing the answer: answer 500 if still possible, else cut. */
async function failLate(req: http.IncomingMessage, res: http.ServerResponse, error: unknown): Promise<void> {
  // The client hung up: nothing to answer, and nothing wrong on this side.
  if (res.destroyed) return;
  logProblem('request failed', error);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.setHeader('Connection', 'close');
  await writeResponse(req, res, errorEnvelope(500, ErrorText.internal)).catch(() => res.destroy());
}

async function settle(tasks: Set<Promise<void>>, withinMs: number): Promise<void> {
  const deadline = Date.now() + withinMs;
  // New tasks can join while we wait (requests on kept-alive connections), so look again after each round.
  while (tasks.size > 0 && Date.now() < deadline) {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      if (Number.isFinite(withinMs)) timer = setTimeout(resolve, deadline - Date.now());
    });
    await Promise.race([Promise.allSettled([...tasks]), timeout]);
    clearTimeout(timer);
  }
}
