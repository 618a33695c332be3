import crypto from 'node:crypto';
import { ErrorText } from '../../src-shared/api/errors';
import type { Service } from '../../src-shared/service/index';
import { errorEnvelope } from '../host/write';
import { RefusalText } from './refusals';

export interface LoopbackGuardOptions {
  ownerToken: string;
  /** The port the server actually listens on (known only once it listens). */
  port: () => number;
  /** Web origins whose pages may call the API from a browser; read on every request, so changes apply at once. */
  allowedOrigins: () => readonly string[];
}

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];

/**
 * What stands between the loopback port and the service. The port is reachable by every program on this
 * computer and, through the person's browser, by every web page they open, so:
 *
 * 1. The `Host` header must name this port on a loopback name. A page on attacker.example whose name is
 *    re-pointed at 127.0.0.1 (DNS rebinding) still sends `Host: attacker.example`, and is refused.
 * 2. A request from a web page (it has an `Origin`) is refused unless the person allowed that origin, and
 *    only allowed origins get CORS headers; a preflight of an allowed origin is answered without a token.
 * 3. Everything else needs the owner's token in `Authorization` (raw or after `Bearer `).
 */
export function guardLoopback(target: Service, options: LoopbackGuardOptions): Service {
  const ownerDigest = digest(options.ownerToken);
  return async (request) => {
    const expectedHosts = LOOPBACK_NAMES.map((name) => `${name}:${options.port()}`);
    const host = request.headers.get('host')?.toLowerCase();
    if (host === undefined || !expectedHosts.includes(host)) return errorEnvelope(421, RefusalText.unknownHost);

    const origin = request.headers.get('origin');
    const allowed = origin !== null && options.allowedOrigins().includes(origin);
    if (origin !== null && !allowed) return errorEnvelope(403, RefusalText.foreignOrigin);
    if (allowed && request.method === 'OPTIONS') return withCors(new Response(null, { status: 204 }), origin, true);

    const token = tokenOf(request);
    const refusal =
      token === undefined
        ? errorEnvelope(403, ErrorText.needToLogIn)
        : crypto.timingSafeEqual(digest(token), ownerDigest)
          ? undefined
          : errorEnvelope(401, ErrorText.invalidToken);
    const response = refusal ?? (await target(request));
    return allowed ? withCors(response, origin, false) : response;
  };
}

function tokenOf(request: Request): string | undefined {
  const header = request.headers.get('authorization')?.trim();
  if (!header) return undefined;
  const token = header.replace(/^Bearer\s+/i, '').trim();
  return token === '' ? undefined : token;
}

/** Digests have one length, so comparing them in constant time works for tokens of any length. */
function digest(text: string): Buffer {
  return crypto.createHash('sha256').update(text, 'utf8').digest();
}

function withCors(response: Response, origin: string, preflight: boolean): Response {
  const headers = new Headers(response.headers);
  headers.set('Access-Control-Allow-Origin', origin);
  headers.append('Vary', 'Origin');
  if (preflight) {
    headers.set('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE');
    headers.set('Access-Control-Allow-Headers', 'Authorization, Content-Type');
    headers.set('Access-Control-Max-Age', '600');
  }
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
