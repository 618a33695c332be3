/**
 * The Content-Security-Policy of every page served: to the desktop app's window, and by the headless host. Scripts, styles, fonts and
 * connections come from the app's own origin only; images also from `data:` (avatars without a network)
 * and https (avatars of Personas on remote instances). No eval, no inline script, no plugins, no frames,
 * no forms posting elsewhere.
 */
const POLICY: Readonly<Record<string, readonly string[]>> = {
  'default-src': ["'none'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'https:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'manifest-src': ["'self'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
  'object-src': ["'none'"],
};

export interface DevServer {
  /** The renderer dev server's hot-reload socket, e.g. `ws://localhost:5273`. */
  socketOrigin: string;
}

/**
 * In development the dev server injects styles as <style> elements and talks to its socket; those two
 * allowances exist only then, never in a built app. `scriptHashes` are the SHA-256 (base64) of the inline
 * scripts a page carries (the shell's first paint: static.ts), each allowed by its hash alone.
 */
export function contentSecurityPolicy(dev?: DevServer, scriptHashes: readonly string[] = []): string {
  const policy: Record<string, readonly string[]> = { ...POLICY };
  if (scriptHashes.length > 0)
    policy['script-src'] = [...(POLICY['script-src'] ?? []), ...scriptHashes.map((hash) => `'sha256-${hash}'`)];
  if (dev) {
    policy['style-src'] = [...(POLICY['style-src'] ?? []), "'unsafe-inline'"];
    policy['connect-src'] = [...(POLICY['connect-src'] ?? []), dev.socketOrigin];
  }
  return Object.entries(policy)
    .map(([directive, sources]) => `${directive} ${sources.join(' ')}`)
    .join('; ');
}

/**
 * The headers every page and answer carries: the policy above, no sniffing of content types, no opener
 * reaching back into the page, and no address of the instance leaking to the sites its links lead to.
 */
export function withPageHeaders(response: Response, csp: string): Response {
  const headers = new Headers(response.headers);
  // A page that brings a policy of its own (the built-in placeholder page) keeps it.
  if (!headers.has('Content-Security-Policy')) headers.set('Content-Security-Policy', csp);
  headers.set('X-Content-Type-Options', 'nosniff');
  headers.set('Cross-Origin-Opener-Policy', 'same-origin');
  headers.set('Referrer-Policy', 'no-referrer');
  // For browsers older than frame-ancestors.
  headers.set('X-Frame-Options', 'DENY');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
