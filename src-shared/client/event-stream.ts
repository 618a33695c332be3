import { deskEvent, EVENT_SILENCE_MS, type DeskEvent } from '../api/events';
import { eventRoutes } from '../api/event-routes';
import { normaliseOptions, type ClientOptions } from './transport';

/** The most one event may take on the wire; a stream that sends a longer one is not this instance's. */
const MAX_FRAME_CHARS = 256 * 1024;

export interface EventStreamOptions extends ClientOptions {
  /** Ends the stream (the page leaves, signs out). */
  signal: AbortSignal;
  /** How long without a byte, heartbeats included, before the stream is taken for dead (default EVENT_SILENCE_MS). */
  silenceMs?: number | undefined;
  /** Told once the host has accepted the stream, before its first event. */
  onOpen?: () => void;
}

/**
 * How a stream ended: the host closed it (it stops; the token no longer signs in), it refused it (`status`:
 * an older host answers 404, a busy one 503), or it failed (no connection, silence, an unreadable event).
 */
export type StreamEnd =
  | { readonly ended: 'closed' }
  | { readonly ended: 'refused'; readonly status: number }
  | { readonly ended: 'failed'; readonly reason: string };

/**
 * Reads `GET /api/events` of this project's instance with fetch (EventSource cannot send the token in a
 * header), telling `onEvent` each event as it arrives, until the stream ends; never throws. An event of a
 * kind this client does not know (a newer host) is passed over.
 */
export async function readEventStream(
  options: EventStreamOptions,
  onEvent: (event: DeskEvent) => void,
): Promise<StreamEnd> {
  const { baseUrl, token, fetch } = normaliseOptions(options);
  const silenceMs = options.silenceMs ?? EVENT_SILENCE_MS;
  const callerStopped = () => options.signal.aborted;
  if (callerStopped()) return { ended: 'closed' };
  // Aborted by the caller, or by the silence below: either ends the read.
  const stop = new AbortController();
  const abort = () => stop.abort();
  options.signal.addEventListener('abort', abort, { once: true });
  let silence = setTimeout(abort, silenceMs);
  const heard = () => {
    clearTimeout(silence);
    silence = setTimeout(abort, silenceMs);
  };
  try {
    const route = eventRoutes.events;
    const response = await fetch(`${baseUrl}${route.pattern}`, {
      method: route.method,
      headers: { accept: route.output.stream, ...(token ? { authorization: token } : {}) },
      signal: stop.signal,
      cache: 'no-store',
    });
    if (!response.ok || !response.body) {
      await response.body?.cancel().catch(() => undefined);
      return { ended: 'refused', status: response.status };
    }
    if (!/^text\/event-stream\b/i.test(response.headers.get('content-type') ?? '')) {
      await response.body.cancel().catch(() => undefined);
      return { ended: 'refused', status: response.status };
    }
    options.onOpen?.();
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffered = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { ended: 'closed' };
      heard();
      buffered += value.replace(/\r\n?/g, '\n');
      let end: number;
      while ((end = buffered.indexOf('\n\n')) >= 0) {
        const event = eventOf(buffered.slice(0, end));
        buffered = buffered.slice(end + 2);
        if (event) onEvent(event);
      }
      if (buffered.length > MAX_FRAME_CHARS) {
        await reader.cancel().catch(() => undefined);
        return { ended: 'failed', reason: 'an event longer than any this instance sends' };
      }
    }
  } catch (error) {
    if (callerStopped()) return { ended: 'closed' };
    return {
      ended: 'failed',
      reason: stop.signal.aborted ? 'the stream fell silent' : error instanceof Error ? error.message : String(error),
    };
  } finally {
    clearTimeout(silence);
    options.signal.removeEventListener('abort', abort);
  }
}

/** The event of one frame; null for a comment (a heartbeat), a kind this client does not know, or anything unreadable. */
function eventOf(frame: string): DeskEvent | null {
  const data = frame
    .split('\n')
    .filter((line) => line.startsWith('data:'))
    .map((line) => line.slice(5).replace(/^ /, ''))
    .join('\n');
  if (data === '') return null;
  try {
    const parsed = deskEvent.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
