import { createDeskClient, type DeskClient } from '../../src-shared/client/desk-client';
import type { RemoteError } from '../../src-shared/client/errors';
import { readEventStream, type EventStreamOptions, type StreamEnd } from '../../src-shared/client/event-stream';
import { createInstanceClient, type InstanceClient } from '../../src-shared/client/instance-client';
import type { DeskEvent } from '../../src-shared/api/events';

/** Every client the page uses, for one instance and one token: the page is a client like any other. */
export interface Clients {
  instance: InstanceClient;
  desk: DeskClient;
  /** Reads the instance's changes as they happen (`GET /api/events`) until the stream ends. */
  events: (
    stream: Pick<EventStreamOptions, 'signal' | 'onOpen'>,
    onEvent: (event: DeskEvent) => void,
  ) => Promise<StreamEnd>;
}

export interface Connection {
  /** The instance's origin; the page's own origin outside tests. */
  baseUrl: string;
  /** null in the desktop window, whose main process adds the owner token itself. */
  token: string | null;
  fetch?: typeof globalThis.fetch;
}

/** Generous: a first page of a large instance over a slow home connection, or a sync that waits for a remote. */
const TIMEOUT_MS = 60_000;

/** `onAuthFailure`: told of each answer of any call that refuses the token (the session's, to sign out). */
export function createClients(connection: Connection, onAuthFailure?: (failure: RemoteError) => void): Clients {
  const options = {
    baseUrl: connection.baseUrl,
    token: connection.token,
    timeoutMs: TIMEOUT_MS,
    fetch: connection.fetch,
    onAuthFailure,
  };
  return {
    instance: createInstanceClient(options),
    desk: createDeskClient(options),
    events: (stream, onEvent) => readEventStream({ ...options, ...stream }, onEvent),
  };
}

/** A stand-in http origin for pages not served over http (the desktop's `desk://app`); see `pageConnection`. */
const STAND_IN = 'http://desk.invalid';

/**
 * The connection of the page to the instance that served it. The client accepts http(s) base URLs only, so
 * on `desk://app` it is given a stand-in origin and a fetch that sends the same path to the page's origin.
 */
export function pageConnection(token: string | null): Connection {
  const origin = globalThis.location.origin;
  if (/^https?:/.test(globalThis.location.protocol)) return { baseUrl: origin, token };
  const pageFetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const body = request.method === 'GET' || request.method === 'HEAD' ? null : await request.text();
    return globalThis.fetch(
      `${globalThis.location.protocol}//${globalThis.location.host}${url.pathname}${url.search}`,
      {
        method: request.method,
        headers: request.headers,
        body,
        signal: request.signal,
      },
    );
  };
  return { baseUrl: STAND_IN, token, fetch: pageFetch };
}
