import { ErrorText, ServiceError } from '../api/errors';
import type { Envelope } from '../api/envelope';

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

export function ok(data: unknown): Response {
  const body: Envelope<unknown> = { meta: { code: 200, text: false, list: false }, data };
  return new Response(JSON.stringify(body), { status: 200, headers: JSON_HEADERS });
}

/** The one place where failures become envelopes; the HTTP status always equals `meta.code`. */
export function fail(error: unknown, onUnexpected?: (error: unknown) => void): Response {
  const known = error instanceof ServiceError ? error : null;
  if (!known) onUnexpected?.(error);
  const code = known?.code ?? 500;
  const text = known?.text ?? ErrorText.internal;
  const list = known && known.list.length > 1 ? [...known.list] : false;
  const body: Envelope<never> = { meta: { code, text, list }, data: false };
  return new Response(JSON.stringify(body), { status: code, headers: JSON_HEADERS });
}
