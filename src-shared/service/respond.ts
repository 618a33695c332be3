import { ErrorText, ServiceError } from '../api/errors';
import type { Envelope } from '../api/envelope';
import type { Interface } from '../api/vocabulary';
import { inServiceTerms } from './sync-refusals';
import { envelopeText } from './answer-text';

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

/**
 * Section 2.1. The instance interface always carries `meta.text` and `meta.list` (false on success); the
 * legacy interface has `meta.text` only on errors and no `meta.list` at all.
 */
export type EnvelopeStyle = Interface;

export function ok(data: unknown, style: EnvelopeStyle = 'instance'): Response {
  return okText(okEnvelopeText(data, style));
}

/** The text of a success envelope, as `ok` sends it. */
export function okEnvelopeText(data: unknown, style: EnvelopeStyle): string {
  const meta = style === 'legacy' ? { code: 200 } : { code: 200, text: false, list: false };
  return envelopeText(meta, data);
}

/** A success envelope already written out (`okEnvelopeText`). */
export const okText = (text: string): Response => new Response(text, { status: 200, headers: JSON_HEADERS });

/**
 * The one place where failures become envelopes; the HTTP status always equals `meta.code`. A refusal of
 * sync, which speaks no HTTP, is said in the service's terms first (sync-refusals.ts).
 */
export function fail(
  thrown: unknown,
  onUnexpected?: (error: unknown) => void,
  style: EnvelopeStyle = 'instance',
): Response {
  const error = inServiceTerms(thrown);
  const known = error instanceof ServiceError ? error : null;
  if (!known) onUnexpected?.(error);
  const code = known?.code ?? 500;
  const text = known?.text ?? ErrorText.internal;
  const list = known && known.list.length > 1 ? [...known.list] : false;
  const body: Envelope<never> | { meta: { code: number; text: string }; data: false } =
    style === 'legacy' ? { meta: { code, text }, data: false } : { meta: { code, text, list }, data: false };
  return new Response(JSON.stringify(body), { status: code, headers: JSON_HEADERS });
}

/** Paths of the legacy interface (section 4.1); everything else speaks the instance envelope. */
export const styleOfPath = (pathname: string): EnvelopeStyle =>
  /^\/(?:content|users)(?:\/|$)/.test(pathname) ? 'legacy' : 'instance';
