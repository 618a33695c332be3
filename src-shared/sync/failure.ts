import { FAILURE_KINDS, type FailureKind } from '../api/vocabulary';

/**
 * Why syncing with a remote failed, which decides what happens next:
 * - `offline`: the request never reached it; `server`, `protocol`: try again later;
 * - `uncertain`: it may have been done: look before doing it again;
 * - `auth`: the token is refused: nothing can be sent until the person signs in again;
 * - `rejected`: the remote refuses this change; retrying cannot fix it;
 * - `unreadable-token`: the token was sealed where this host cannot open it (the desktop's keychain, read
 *   by a headless host): nothing can be sent until the person adds the remote again.
 * The first six are the client's own (client/errors.ts); the last is found before any request is made.
 */
export { FAILURE_KINDS, type FailureKind };

/** One failure, whatever found it: the client, push, pull, the cycle, or adding a remote. */
export interface SyncFailure {
  readonly kind: FailureKind;
  /** The remote's or the client's words; a person reads `failureWords` instead where those are plainer. */
  readonly message: string;
  /** No answer came within the timeout: the request may still land. */
  readonly timedOut: boolean;
}

const KINDS: ReadonlySet<string> = new Set(FAILURE_KINDS);

/**
 * The failure any thrown error stands for. The client's errors and those of `failing` say their kind; anything
 * else (a bug, an answer no schema expected) is `protocol`, which is tried again later.
 */
export function failureOf(error: unknown): SyncFailure {
  const facts = error as { kind?: unknown; timedOut?: unknown } | null;
  const message = error instanceof Error ? error.message : String(error);
  const kind = typeof facts?.kind === 'string' && KINDS.has(facts.kind) ? (facts.kind as FailureKind) : 'protocol';
  return { kind, message, timedOut: facts?.timedOut === true };
}

/**
 * A failure sync finds itself (a change the remote cannot hold, say), thrown as an error so that it stops
 * the work the way the client's errors do and `failureOf` reads it back.
 */
export const failing = (kind: FailureKind, message: string): Error & SyncFailure =>
  Object.assign(new Error(message), { kind, timedOut: false });

const WORDS: Readonly<Partial<Record<FailureKind, string>>> = {
  offline: 'The remote cannot be reached',
  auth: 'The remote refused the token: sign in again',
  'unreadable-token': 'The token for this remote cannot be read here: add the remote again',
};

/** Why no connection was made, from the system's error code in the client's message (client/errors.ts). */
const CAUSES: readonly (readonly [RegExp, string])[] = [
  [/ECONNREFUSED/, 'connection refused'],
  [/ENOTFOUND|EAI_AGAIN|EAI_NONAME|EAI_NODATA|EAI_FAIL/, 'its name was not found'],
  [/EHOSTUNREACH|EHOSTDOWN|ENETUNREACH|ENETDOWN|EADDRNOTAVAIL/, 'no route to it'],
  [/UND_ERR_CONNECT_TIMEOUT/, 'connecting timed out'],
  [/ERR_TLS_|CERT/, 'its certificate was not accepted'],
];

/**
 * A failure's words are kept on the remote and shown on every screen: one line, and never longer than
 * this, whatever a remote (or a stack) put in the message.
 */
export const MAX_FAILURE_WORDS = 300;

/** One line of at most `max` characters, cut at the end with an ellipsis. */
export function boundedLine(text: string, max = MAX_FAILURE_WORDS): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= max ? line : `${line.slice(0, max - 1).trimEnd()}…`;
}

/**
 * What a person reads of a failure: plain words for the kinds they can act on (with the plain cause of an
 * unreachable remote, "connection refused"), else the remote's message; one bounded line either way.
 */
export function failureWords(failure: Pick<SyncFailure, 'kind' | 'message'>): string {
  const plain = WORDS[failure.kind];
  if (plain === undefined) return boundedLine(failure.message || failure.kind);
  const cause = failure.kind === 'offline' ? CAUSES.find(([code]) => code.test(failure.message))?.[1] : undefined;
  return cause ? `${plain} (${cause})` : plain;
}
