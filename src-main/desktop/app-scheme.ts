import type { CustomScheme } from 'electron';

/**
 * The renderer's own origin, `desk://app`: the built interface and the API are served there by the main
 * process (app-handler.ts), so the page and the instance are one origin and no port is ever opened for them.
 */
export const APP_SCHEME = 'desk';
export const APP_HOST = 'app';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_START_URL = `${APP_ORIGIN}/`;

/**
 * Registered before the app is ready. `standard` gives the scheme real origins and relative URLs, `secure`
 * makes it a secure context, `supportFetchAPI` lets the page fetch() it, `stream` lets bodies stream.
 * No `bypassCSP`: the page stays under its Content-Security-Policy. No `corsEnabled`: no other origin may read it.
 */
export const APP_SCHEME_PRIVILEGES = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true, codeCache: true },
} satisfies CustomScheme;

/**
 * Whether a URL is one of the app's own pages. Compared by scheme and host: WHATWG URL gives a custom
 * scheme the opaque origin "null", so comparing `.origin` would match every custom URL, or none.
 */
export function isAppUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (
      parsed.protocol === `${APP_SCHEME}:` &&
      parsed.host === APP_HOST &&
      parsed.username === '' &&
      parsed.password === ''
    );
  } catch {
    return false;
  }
}
