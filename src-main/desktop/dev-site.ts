import type { Site } from '../host/static';

/**
 * In development (`npm start`) the interface comes from the renderer's dev server, with hot reload, yet
 * the window still loads it from `desk://app`: the page keeps the origin, the CSP and the same-origin API
 * it has in the built app. Only GET and HEAD are passed on, only to the dev server's own address.
 */
export function createDevSite(devServerUrl: string): Site {
  const base = new URL(devServerUrl);
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return new Response('Method Not Allowed\n', { status: 405, headers: { Allow: 'GET, HEAD' } });
    }
    const url = new URL(request.url);
    // Joined as text: resolving `//elsewhere/x` against the base would leave the dev server.
    const target = new URL(`${base.origin}${url.pathname}${url.search}`);
    const answer = await fetch(target, {
      method: request.method,
      headers: { Accept: request.headers.get('accept') ?? '*/*' },
    });
    const headers = new Headers();
    for (const name of ['content-type', 'cache-control', 'etag']) {
      const value = answer.headers.get(name);
      if (value !== null) headers.set(name, value);
    }
    return new Response(answer.body, { status: answer.status, headers });
  };
}
