import ky, { isNetworkError, isTimeoutError } from 'ky';
import { connectionFailureKind, innermostMessage, RemoteError, type RemoteErrorKind } from './errors';
import { envelopeOf, failureKindOf, LOGIN_TEXT, type LooseEnvelope } from './envelope';

export interface ClientOptions {
  /** Where the remote's API lives: scheme, host, port and any path prefix (`https://example.org/blog`). */
  baseUrl: string;
  /** Sent raw in `Authorization`; never logged, never put into an error. */
  token?: string | null | undefined;
  /** For one request, answer included. Default 15000. */
  timeoutMs?: number | undefined;
  /** Default `globalThis.fetch`. */
  fetch?: typeof globalThis.fetch | undefined;
  /**
   * Told of each answer that refuses the request for want of a good token (kind `auth`), as its failure is
   * thrown, whichever call it answered: the page signs itself out when its instance refuses its token.
   */
  onAuthFailure?: ((failure: RemoteError) => void) | undefined;
  /**
   * Stops every request of this client once aborted (the work they are for was stopped): a request under
   * way fails at once as `uncertain`, since it may have arrived, and no other is made.
   */
  signal?: AbortSignal | undefined;
}

export const DEFAULT_TIMEOUT_MS = 15_000;

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Call {
  method: Method;
  /** Path below the base URL, e.g. `/api/posts/global`; segments already encoded. */
  path: string;
  /** GET variables; undefined ones are left out. */
  query?: Readonly<Record<string, string | undefined>>;
  /** POST, PUT and DELETE variables, sent as a JSON object (an empty one when there are none). */
  json?: Readonly<Record<string, unknown>>;
  /** Send the token (when the client has one). Login never does: a stale token would be refused first. */
  auth: boolean;
}

/** An answer that arrived whole, whatever its status. */
export interface Answer {
  call: Call;
  status: number;
  /** null when the body is not a JSON envelope. */
  envelope: LooseEnvelope | null;
  body: string;
  /** The remote's clock when it answered, to the second (its `Date` header); null when it sent none. */
  servedUnix: number | null;
}

export interface Transport {
  readonly baseUrl: string;
  /** Sends one request; throws `offline` or `uncertain` when no whole answer came back. */
  send(call: Call): Promise<Answer>;
  /** The error an answer stands for, or null when it is a success. */
  failureOf(answer: Answer): RemoteError | null;
  /** `data` of a successful answer; throws the answer's error otherwise. */
  dataOf(answer: Answer): unknown;
  protocolError(answer: Answer, problems: readonly string[]): RemoteError;
  /** Input this client will not send (strict in what it sends): `rejected`, with no status. */
  refuse(call: Pick<Call, 'method' | 'path'>, problems: readonly string[]): RemoteError;
}

/** Checks the options once, so that a bad base URL fails at creation and not in the middle of a sync. */
export function normaliseOptions(options: ClientOptions) {
  let url: URL;
  try {
    url = new URL(options.baseUrl);
  } catch {
    throw new TypeError('baseUrl must be an absolute http(s) URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new TypeError('baseUrl must be an absolute http(s) URL');
  if (url.search || url.hash || url.username || url.password) {
    throw new TypeError('baseUrl must not carry a query, a fragment or credentials');
  }
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0 || timeoutMs > 2_147_483_647) {
    throw new RangeError('timeoutMs must be a whole number of milliseconds above 0');
  }
  return {
    baseUrl: url.href.replace(/\/+$/, ''),
    token: options.token?.trim() || null,
    timeoutMs,
    fetch: options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init)),
  };
}

export function createTransport(options: ClientOptions): Transport {
  const { baseUrl, token, timeoutMs, fetch } = normaliseOptions(options);
  const { signal } = options;
  const host = new URL(baseUrl).host;
  // Retries are the sync engine's decision (it knows whether a write may be repeated); none here.
  const api = ky.create({
    prefix: `${baseUrl}/`,
    timeout: timeoutMs,
    totalTimeout: timeoutMs,
    retry: 0,
    throwHttpErrors: false,
    fetch,
    signal: signal ?? null,
  });
  /** A request stopped by `signal` before its whole answer came: it may have been carried out. */
  const stopped = (call: Call, status: number | null) =>
    error(call, 'uncertain', `The request to ${host} was stopped before its answer came; it may have arrived`, {
      status,
    });

  /** A remote could echo what it was sent; the token never leaves this module in a message. */
  const scrub = (text: string): string => (token ? text.split(token).join('[token]') : text);

  const error = (
    call: Pick<Call, 'method' | 'path'>,
    kind: RemoteErrorKind,
    message: string,
    extra: Partial<RemoteError> & { cause?: unknown } = {},
  ) =>
    new RemoteError({
      kind,
      message: scrub(message),
      method: call.method,
      path: call.path,
      status: extra.status ?? null,
      remoteText: extra.remoteText == null ? null : scrub(extra.remoteText),
      list: (extra.list ?? []).map(scrub),
      timedOut: extra.timedOut ?? false,
      cause: extra.cause,
    });

  const send = async (call: Call): Promise<Answer> => {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (call.auth && token) headers['authorization'] = token;
    const started = Date.now();
    const searchParams = Object.fromEntries(
      Object.entries(call.query ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined),
    );
    const pending = api(call.path.replace(/^\/+/, ''), {
      method: call.method,
      headers,
      searchParams,
      // Following a 301/302 turns a POST into a GET without its body; a write is never redirected.
      redirect: call.method === 'GET' ? 'follow' : 'manual',
      ...(call.method === 'GET' ? {} : { json: call.json ?? {} }),
    });

    let response: Response;
    try {
      response = await pending;
    } catch (thrown) {
      throw signal?.aborted ? stopped(call, null) : sendFailure(call, thrown);
    }
    const status = response.status;
    let body: string;
    try {
      // The answer is read within what is left of the same timeout as the request.
      body = await readAtMost(response, MAX_ANSWER_BYTES, Math.max(0, timeoutMs - (Date.now() - started)));
    } catch (thrown) {
      if (signal?.aborted) throw stopped(call, status);
      if (thrown instanceof AnswerTooLarge) {
        // A write that was answered at all was most likely done: look before sending it again.
        const kind =
          status >= 200 && status < 300
            ? call.method === 'GET'
              ? 'protocol'
              : 'uncertain'
            : (failureKindOf(status, null) ?? 'protocol');
        throw error(
          call,
          kind,
          `${host} answered more than ${MAX_ANSWER_BYTES / 1024 / 1024} MiB; the answer was not read`,
          { status },
        );
      }
      const reason =
        isTimeoutError(thrown) || thrown instanceof AnswerTimedOut
          ? `not finished within ${timeoutMs} ms`
          : innermostMessage(thrown);
      // The status alone still says a refusal or a failure; a success whose answer broke off may have been done.
      const kind = status === 0 || status >= 300 ? (failureKindOf(status, null) ?? 'protocol') : 'uncertain';
      const outcome = kind === 'uncertain' ? 'the request may have been carried out' : `HTTP ${status}`;
      throw error(call, kind, `The answer from ${host} broke off (${reason}); ${outcome}`, {
        status,
        cause: rawCause(thrown),
      });
    }
    return { call, status, envelope: envelopeOf(body), body, servedUnix: dateUnixOf(response.headers.get('date')) };
  };

  const sendFailure = (call: Call, thrown: unknown): RemoteError => {
    if (isTimeoutError(thrown)) {
      return error(call, 'uncertain', `No answer from ${host} within ${timeoutMs} ms; the request may have arrived`, {
        timedOut: true,
      });
    }
    const kind = connectionFailureKind(thrown);
    const reason = innermostMessage(thrown);
    return kind === 'offline'
      ? error(call, 'offline', `Could not connect to ${host} (${reason})`, { cause: rawCause(thrown) })
      : error(
          call,
          'uncertain',
          `The connection to ${host} broke before an answer came (${reason}); the request may have arrived`,
          {
            cause: rawCause(thrown),
          },
        );
  };

  const failureOf = (answer: Answer): RemoteError | null => {
    const { call, status, envelope, body } = answer;
    if (envelope === null) {
      const plain = body.trim();
      // A redirect held back (see send); a browser shows it as status 0.
      if (status === 0 || (status >= 300 && status < 400)) {
        return error(call, 'protocol', `${host} redirected the request elsewhere; check the base URL (is it https?)`, {
          status,
        });
      }
      if (LOGIN_TEXT.test(plain))
        return error(call, 'auth', `${host} did not accept the token: ${snippet(plain)}`, { status });
      const kind = failureKindOf(status, null) ?? 'protocol';
      const shown = snippet(plain);
      return error(call, kind, `${host} answered HTTP ${status} without a JSON envelope${shown ? `: ${shown}` : ''}`, {
        status,
      });
    }
    // A remote may answer HTTP 200 and put the error in the envelope; otherwise the HTTP status decides.
    // `status` is then that code: it is what the remote meant.
    const code = status >= 200 && status < 300 ? envelope.meta.code : status;
    const kind = failureKindOf(code, envelope.meta.text);
    if (kind === null) return null;
    const remoteText = envelope.meta.text;
    const fallback = {
      auth: 'did not accept the token',
      rejected: 'refused the request',
      server: 'failed',
      protocol: 'answered oddly',
    }[kind];
    return error(call, kind, remoteText ?? `${host} ${fallback} (code ${code})`, {
      status: code,
      remoteText,
      list: envelope.meta.list,
    });
  };

  return {
    baseUrl,
    send,
    failureOf,
    dataOf: (answer) => {
      const failure = failureOf(answer);
      if (failure?.kind === 'auth') options.onAuthFailure?.(failure);
      if (failure) throw failure;
      return answer.envelope?.data;
    },
    protocolError: (answer, problems) =>
      error(
        answer.call,
        'protocol',
        `Unexpected answer from ${host} to ${answer.call.method} ${answer.call.path}: ${problems.slice(0, 5).join('; ')}`,
        {
          status: answer.status,
          list: problems,
        },
      ),
    refuse: (call, problems) => error(call, 'rejected', `Not sent: ${problems.join('; ')}`, { list: problems }),
  };
}

/** An HTTP date (`Thu, 26 Nov 2026 06:41:54 GMT`) in unix seconds, or null when there is none to read. */
function dateUnixOf(header: string | null): number | null {
  const millis = header === null ? Number.NaN : Date.parse(header);
  return Number.isFinite(millis) ? Math.floor(millis / 1000) : null;
}

/**
 * The most of an answer this client reads (16 MiB): a page of 249 posts from the reference is about 1 MiB.
 * A remote that sends more, or without end, is cut off rather than filling the memory of the desk.
 */
export const MAX_ANSWER_BYTES = 16 * 1024 * 1024;

class AnswerTooLarge extends Error {}
class AnswerTimedOut extends Error {}

/**
 * The answer's text; AnswerTooLarge as soon as it passes `limit` bytes, AnswerTimedOut when it is not whole
 * within `ms` (the rest is not read either way).
 */
async function readAtMost(response: Response, limit: number, ms: number): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  // An object, not a variable: the timer sets it while the loop below awaits.
  const clock = { timedOut: false };
  const timer = setTimeout(() => {
    clock.timedOut = true;
    void reader.cancel().catch(() => undefined);
  }, ms);
  try {
    const decoder = new TextDecoder();
    let size = 0;
    let text = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (clock.timedOut) throw new AnswerTimedOut();
      if (done) return text + decoder.decode();
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => undefined);
        throw new AnswerTooLarge();
      }
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The underlying error without ky's wrapper: ky's errors hold the Request, whose headers hold the token,
 * and a RemoteError's cause may well be logged.
 */
function rawCause(thrown: unknown): unknown {
  return isNetworkError(thrown) ? thrown.cause : isTimeoutError(thrown) ? undefined : thrown;
}

/** A short plain-text excerpt of a body for a message; nothing for markup. */
function snippet(body: string): string {
  if (body === '' || /<[a-z!/]/i.test(body)) return '';
  return body.length > 200 ? `${body.slice(0, 200)}…` : body;
}
