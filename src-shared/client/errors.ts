import { REMOTE_ERROR_KINDS, type RemoteErrorKind } from '../api/vocabulary';

/**
 * The one error type of the client. Its `kind` says what happened, so that the sync engine can decide what
 * to do without reading messages:
 *
 * - `offline`   the request certainly did not reach the remote (refused, DNS, no route, TLS handshake).
 *               Nothing happened there: send again later.
 * - `uncertain` the request may have reached the remote and no usable answer came back (timeout, connection
 *               cut while waiting or while reading the answer). A write may have happened: look before
 *               sending it again.
 * - `auth`      the remote does not accept the token (401, 403 "You Need to Log In First", or the plain-text
 *               login answer some remotes give with HTTP 200). Nothing happened; ask the person to sign in.
 * - `rejected`  the remote refused the input (other 4xx; also input this client refuses to send, with
 *               `status` null). Sending the same again will fail the same way.
 * - `server`    the remote failed (5xx, also 408 and 429): try again later.
 * - `protocol`  the answer is not what the specification describes. With a 2xx `status` on a write, the
 *               remote accepted something: look before sending it again.
 */
export { REMOTE_ERROR_KINDS, type RemoteErrorKind };

export interface RemoteErrorInit {
  kind: RemoteErrorKind;
  /** In words a person can act on; the remote's own text when it sent one. */
  message: string;
  method: string;
  /** The path asked for, without the query string. */
  path: string;
  status?: number | null;
  remoteText?: string | null;
  list?: readonly string[];
  /** No answer came within the timeout; the request may still be on its way to the remote. */
  timedOut?: boolean;
  cause?: unknown;
}

export class RemoteError extends Error {
  override readonly name = 'RemoteError';
  readonly kind: RemoteErrorKind;
  /**
   * The answer's code: its HTTP status, or its envelope's `meta.code` when the HTTP status said success but
   * the envelope did not. null when there was no answer (or the request was not sent).
   */
  readonly status: number | null;
  /** The remote's `meta.text`, when it sent one. */
  readonly remoteText: string | null;
  /** The remote's `meta.list` (several problems at once), else empty. */
  readonly list: readonly string[];
  readonly method: string;
  readonly path: string;
  readonly timedOut: boolean;

  constructor(init: RemoteErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.status = init.status ?? null;
    this.remoteText = init.remoteText ?? null;
    this.list = init.list ?? [];
    this.method = init.method;
    this.path = init.path;
    this.timedOut = init.timedOut ?? false;
  }

  /** What `JSON.stringify` shows: the facts, never the request (whose headers carry the token). */
  toJSON() {
    const { kind, status, message, remoteText, list, method, path } = this;
    return { name: this.name, kind, status, message, remoteText, list, method, path };
  }
}

export const isRemoteError = (error: unknown): error is RemoteError => error instanceof RemoteError;

/** Error codes (Node, undici) that mean no connection was made, so the request was never sent. */
const NOT_CONNECTED = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_NONAME',
  'EAI_NODATA',
  'EAI_FAIL',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** TLS failures happen during the handshake, before any byte of the request is sent. */
const isTlsHandshakeCode = (code: string): boolean => code.startsWith('ERR_TLS_') || code.includes('CERT');

/** Every `code` along an error's causes (and inside an AggregateError, as undici's happy eyeballs give). */
export function errorCodes(error: unknown, seen = new Set<unknown>()): string[] {
  if (typeof error !== 'object' || error === null || seen.has(error)) return [];
  seen.add(error);
  const own = 'code' in error && typeof error.code === 'string' ? [error.code] : [];
  const nested: unknown[] = 'errors' in error && Array.isArray(error.errors) ? error.errors : [];
  const cause = 'cause' in error ? [error.cause] : [];
  return [...own, ...[...nested, ...cause].flatMap((inner) => errorCodes(inner, seen))];
}

/**
 * A failure before the answer's headers arrived: `offline` only when the causes prove that no connection
 * was made. Anything else (a reset, a socket closed by the other side, a browser's opaque "Failed to
 * fetch") may have happened after the request was sent, so it is `uncertain`.
 */
export function connectionFailureKind(error: unknown): 'offline' | 'uncertain' {
  const codes = errorCodes(error);
  return codes.some((code) => NOT_CONNECTED.has(code) || isTlsHandshakeCode(code)) ? 'offline' : 'uncertain';
}

/** The innermost cause's message, for a person: "connect ECONNREFUSED 127.0.0.1:8787". */
export function innermostMessage(error: unknown): string {
  let current: unknown = error;
  let message = '';
  for (let depth = 0; depth < 8 && typeof current === 'object' && current !== null; depth++) {
    if ('message' in current && typeof current.message === 'string' && current.message) message = current.message;
    current = 'cause' in current ? current.cause : undefined;
  }
  return message || String(error);
}
