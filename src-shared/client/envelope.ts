import { z } from 'zod';
import { int, listOf, optText } from './lenient';

/**
 * Section 2.1, read tolerantly: `meta.code` may be a numeric string, `meta.text` and `meta.list` may be
 * missing, false or null, and `data` may be anything (the reference answers some errors with `data: []`).
 */
export const looseEnvelope = z.lazy(() =>
  z.object({
    meta: z.object({
      code: int,
      text: optText,
      list: listOf(z.unknown()).transform((items) =>
        items.map((item) => (typeof item === 'string' ? item : JSON.stringify(item))),
      ),
    }),
    data: z.unknown(),
  }),
);
export type LooseEnvelope = z.infer<typeof looseEnvelope>;

/** The body as an envelope, or null when it is not JSON or not shaped like one. */
export function envelopeOf(body: string): LooseEnvelope | null {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return null;
  }
  const parsed = looseEnvelope.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/** What some remotes answer, as plain text with HTTP 200, to a write without a valid token. */
export const LOGIN_TEXT = /you need to log in first/i;

/**
 * 403 texts that refuse the input rather than the token: signing in again would not help, so they are
 * `rejected`, not `auth` (this project's and the reference's permission refusals).
 */
export const PERMISSION_TEXTS: readonly RegExp[] = [/cannot write to this channel/i, /do not own the rights/i];

export type FailureKind = 'auth' | 'rejected' | 'server' | 'protocol';

/**
 * The kind of an answered request that did not succeed, decided from its code (the HTTP status, or the
 * envelope's `meta.code` when the HTTP status says success) and its text; null when it succeeded.
 */
export function failureKindOf(code: number, text: string | null): FailureKind | null {
  if (text !== null && LOGIN_TEXT.test(text)) return 'auth';
  if (code >= 200 && code < 300) return null;
  if (code === 401) return 'auth';
  if (code === 403)
    return text !== null && PERMISSION_TEXTS.some((pattern) => pattern.test(text)) ? 'rejected' : 'auth';
  // Too many requests and the remote's own timeout: nothing was done, and later may work.
  if (code === 408 || code === 429 || (code >= 500 && code < 600)) return 'server';
  if (code >= 400 && code < 500) return 'rejected';
  return 'protocol';
}
