import { ErrorText } from '../../src-shared/api/errors';
import type { Service } from '../../src-shared/service/index';
import { withPageHeaders } from '../host/csp';
import type { Site } from '../host/static';
import { errorEnvelope } from '../host/write';
import { APP_HOST, APP_ORIGIN, APP_SCHEME } from './app-scheme';
import { RefusalText } from './refusals';

/** The service owns these prefixes, as in the headless host (host/http.ts); everything else is the interface. */
const API_PATH = /^\/(?:api|content|users)(?:\/|$)/;

export interface AppHandlerOptions {
  service: Service;
  /** The built renderer (host/static.ts), or the dev server in development (dev-site.ts). */
  site: Site;
  ownerToken: string;
  /**
   * The origin the service sees and builds URLs with (canonical URLs, repost links, "is this reply to a
   * post here"). It is the loopback server's, so the window and loopback clients get the same URLs.
   */
  serviceOrigin: () => string;
  /** Sent with every page and file of the interface. */
  contentSecurityPolicy: string;
}

export interface AppHandler {
  /** The `protocol.handle` function of the `desk:` scheme. */
  handle: (request: Request) => Promise<Response>;
  /** Refuses new API requests, then waits until those in flight have their answer (and their write). */
  close: () => Promise<void>;
}

export function createAppHandler(options: AppHandlerOptions): AppHandler {
  const inFlight = new Set<Promise<Response>>();
  let closing = false;

  const callService = (request: Request): Promise<Response> => {
    if (closing) return Promise.resolve(errorEnvelope(503, ErrorText.shuttingDown));
    // An Origin other than the app's own would be a page that should never have been loaded (the
    // navigation guards keep every other page out); it must not borrow the owner's token.
    const origin = request.headers.get('origin');
    if (origin !== null && origin !== APP_ORIGIN) return Promise.resolve(errorEnvelope(403, RefusalText.foreignOrigin));
    const task = options.service(withOwnerToken(request, options));
    inFlight.add(task);
    void task.finally(() => inFlight.delete(task)).catch(() => undefined);
    return task;
  };

  return {
    handle: async (request) => {
      let url: URL;
      try {
        url = new URL(request.url);
      } catch {
        return plain(400, 'Bad Request');
      }
      if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return plain(404, 'Not Found');
      try {
        if (API_PATH.test(url.pathname)) return await callService(request);
        return withPageHeaders(await options.site(request), options.contentSecurityPolicy);
      } catch (error) {
        console.error(`${request.method} ${url.pathname} failed:`, error);
        return API_PATH.test(url.pathname) ? errorEnvelope(500, ErrorText.internal) : plain(500, 'Internal Error');
      }
    },
    close: async () => {
      closing = true;
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}

/**
 * The request as the service sees it: on the service origin, and carrying the owner's token unless the
 * page sent a token of its own.
 *
 * Why lending the owner's token is safe: `desk:` exists only inside this app's session, so only pages this
 * app loads can send requests to it, and the navigation and window-open guards (navigation-guard.ts) and
 * the CSP let no page load but the app's own files. Those files are the owner's own interface, which may
 * do anything the owner may. The token itself never reaches the page, so even a page that misbehaved
 * could not carry it off to use elsewhere.
 */
function withOwnerToken(request: Request, options: AppHandlerOptions): Request {
  const url = new URL(request.url);
  const headers = new Headers(request.headers);
  if (!headers.has('authorization')) headers.set('authorization', options.ownerToken);
  const carriesBody = request.method !== 'GET' && request.method !== 'HEAD';
  // Built from its parts rather than from the request itself, whose mode is `navigate` when the window
  // navigates to an API URL, a mode no constructed Request may have. Joined as text: resolving
  // `//elsewhere/x` against the origin would name another host.
  const init: RequestInit & { duplex: 'half' } = {
    method: request.method,
    headers,
    body: carriesBody ? request.body : null,
    // Node's Request wants this for a streamed body (the DOM typings do not know it yet).
    duplex: 'half',
  };
  return new Request(`${options.serviceOrigin()}${url.pathname}${url.search}`, init);
}

function plain(status: number, text: string): Response {
  return new Response(`${text}\n`, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' },
  });
}
