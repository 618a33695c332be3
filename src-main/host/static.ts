import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { acceptedCodings } from './accept-encoding';
import { contentSecurityPolicy } from './csp';
import { contentTypeOf, isCompressible } from './file-types';
import { builtInPage } from './page';
import { createRepresentations, type Representations } from './representations';

/** Everything that is not the API: the built renderer, or a placeholder page until there is one. */
export type Site = (request: Request) => Promise<Response>;

/** Where the renderer build lands (`out/renderer` at the project root). */
export const DEFAULT_STATIC_ROOT = path.resolve(import.meta.dirname, '../../out/renderer');

/** Where the printed sign-in link points; the page reads the code from its fragment (start.ts). */
export const SIGN_IN_PATH = '/sign-in';

/** `/@handle`, `/tags/<tag>`, `/channels/<name>`: one name, no further segment. */
const NAMED_PAGE = /^\/(?:@[^/]+|(?:tags|channels)\/[^/]+)$/;

/**
 * The build's own assets: `assets/<name>-<hash>.<ext>`, the hash being eight characters of the file's content
 * (Vite's naming, checked against a real build in test/main/desktop/build.test.ts). A new build names changed
 * files anew, so one of these never changes and may be kept for a year without asking again.
 */
const HASHED_ASSET = /^assets\/[^/]+-[\w-]{8}\.[a-z0-9]+$/i;
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (the shell, which names the current build's assets) is asked about again on every use. */
const REVALIDATE = 'no-cache';

/** Past this an If-None-Match header is not read: it names far more tags than a cache ever sends. */
const MAX_IF_NONE_MATCH_LENGTH = 8 * 1024;

export function createStaticSite(root: string = DEFAULT_STATIC_ROOT): Site {
  const base = path.resolve(root);
  const representations = createRepresentations();
  const fileResponse = (request: Request, file: string) => answerWithFile(request, base, file, representations);
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return plain(405, 'Method Not Allowed', { Allow: 'GET, HEAD' });
    }
    const url = new URL(request.url);
    const index = path.join(base, 'index.html');
    // Looked up on every request, so a renderer built while the host runs is picked up without a restart.
    if (!(await isFile(index))) {
      // The printed sign-in link must not lead to a 404, even before the page is built.
      return url.pathname === '/' || url.pathname === SIGN_IN_PATH ? builtInPage(url.origin) : plain(404, 'Not Found');
    }
    // The page's addresses that end in a name (src-renderer/state/route.ts): a handle, `handle@host:port`, a
    // tag or a Channel may hold a dot or a colon, which the file rules below would refuse. They are the page,
    // never a file, so the file system is not asked.
    if (NAMED_PAGE.test(url.pathname)) return fileResponse(request, index);
    const segments = safeSegments(url.pathname);
    if (segments === undefined) return plain(404, 'Not Found');
    const file = await fileInside(base, segments);
    if (file !== undefined) return fileResponse(request, file);
    // A missing asset must stay a 404: answering it with the app shell hides broken builds.
    if (path.extname(segments.at(-1) ?? '') !== '') return plain(404, 'Not Found');
    return fileResponse(request, index);
  };
}

/**
 * The decoded path segments, or undefined when one could name something outside the folder: `..`, `.`,
 * hidden names, and encoded separators (`%2f`, `%5c`) that would only become separators after decoding.
 */
function safeSegments(pathname: string): string[] | undefined {
  const segments: string[] = [];
  for (const raw of pathname.split('/')) {
    if (raw === '') continue;
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return undefined;
    }
    if (segment.startsWith('.') || /[/\\:\0]/.test(segment)) return undefined;
    segments.push(segment);
  }
  return segments;
}

/** The regular file the segments name under `base` (a folder means its index.html), never one outside it. */
async function fileInside(base: string, segments: readonly string[]): Promise<string | undefined> {
  let candidate = path.resolve(base, ...segments);
  if (!isWithin(base, candidate)) return undefined;
  const stat = await fs.stat(candidate).catch(() => undefined);
  if (stat?.isDirectory()) candidate = path.join(candidate, 'index.html');
  if (!(await isFile(candidate))) return undefined;
  // A symbolic link inside the folder must not lead out of it either.
  const [realBase, realFile] = await Promise.all([fs.realpath(base), fs.realpath(candidate)]);
  return isWithin(realBase, realFile) ? candidate : undefined;
}

function isWithin(base: string, candidate: string): boolean {
  const relative = path.relative(base, candidate);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

async function isFile(file: string): Promise<boolean> {
  const stat = await fs.stat(file).catch(() => undefined);
  return stat?.isFile() ?? false;
}

/**
 * A file of the page, in the coding the client prefers among its sound compressed copies (representations.ts),
 * with its strong ETag, and 304 without a body when the client holds it already. Ranges are not offered
 * (no Accept-Ranges): a Range header is answered with the whole file, which is always correct.
 */
async function answerWithFile(
  request: Request,
  base: string,
  file: string,
  representations: Representations,
): Promise<Response> {
  const stat = await fs.stat(file);
  const compressible = isCompressible(file);
  const codings = compressible ? acceptedCodings(request.headers.get('accept-encoding')) : [];
  const chosen = await representations(file, stat, codings);
  const relative = path.relative(base, file).split(path.sep).join('/');
  const headers: Record<string, string> = {
    'Cache-Control': HASHED_ASSET.test(relative) ? IMMUTABLE : REVALIDATE,
    ETag: chosen.etag,
  };
  // The shell's inline script (the first paint) is allowed by its hash, found in the file as it is now.
  const scripts = path.basename(file) === 'index.html' ? await inlineScriptHashes(file, stat) : [];
  if (scripts.length > 0) headers['Content-Security-Policy'] = contentSecurityPolicy(undefined, scripts);
  // Caches must keep each coding apart, and the identity answer too, for a file that has them.
  if (compressible) headers['Vary'] = 'Accept-Encoding';
  if (holdsAlready(request.headers.get('if-none-match'), chosen.etag)) {
    return new Response(null, { status: 304, headers });
  }
  headers['Content-Type'] = contentTypeOf(file);
  headers['X-Content-Type-Options'] = 'nosniff';
  if (chosen.coding !== undefined) headers['Content-Encoding'] = chosen.coding.name;
  // Renderer files are small; reading them whole keeps this free of stream plumbing.
  const bytes = new Uint8Array(await fs.readFile(chosen.file));
  return new Response(bytes, { status: 200, headers });
}

/** An inline script's text as the parser takes it: everything between `<script …>` (no src) and `</script>`. */
const INLINE_SCRIPT = /<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/** The hashes of one shell file, by the size and time that name its content. */
const shellHashes = new Map<string, { stamp: string; hashes: string[] }>();

/**
 * The SHA-256 (base64) of each inline script of an HTML file, as a policy names it. Read once per change of
 * the file: a shell built while the host runs is served with its own scripts' hashes.
 */
async function inlineScriptHashes(file: string, stat: { size: number; mtimeMs: number }): Promise<string[]> {
  const stamp = `${stat.size}:${stat.mtimeMs}`;
  const known = shellHashes.get(file);
  if (known?.stamp === stamp) return known.hashes;
  const html = await fs.readFile(file, 'utf8');
  const hashes = [...html.matchAll(INLINE_SCRIPT)]
    .map((match) => match[1] ?? '')
    .filter((script) => script.trim() !== '')
    .map((script) => createHash('sha256').update(script).digest('base64'));
  shellHashes.set(file, { stamp, hashes });
  return hashes;
}

/**
 * Whether If-None-Match names the tag (or is `*`). Compared as RFC 9110 asks for this header: weakly, so
 * `W/"x"` matches `"x"`. A tag holding a comma is not split right here, but no tag of ours holds one.
 */
function holdsAlready(header: string | null, etag: string): boolean {
  if (header === null || header.length > MAX_IF_NONE_MATCH_LENGTH) return false;
  return header.split(',').some((entry) => {
    const tag = entry.trim();
    return tag === '*' || (tag.startsWith('W/') ? tag.slice(2) : tag) === etag;
  });
}

function plain(status: number, text: string, extra: Record<string, string> = {}): Response {
  return new Response(`${text}\n`, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff', ...extra },
  });
}
