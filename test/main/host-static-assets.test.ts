import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressFolder } from '../../src-main/host/precompressed';
import { startHost, type RunningHost } from '../../src-main/host/start';
import { rawRequest, tempDir, type RawResponse } from './host-helpers';

const TOKEN = 'host-static-assets-owner-token';
const SECRET = 'SECRET-OUTSIDE-THE-STATIC-ROOT';
const SCRIPT = 'assets/index-Ab12_-Cd.js';
const STYLE = 'assets/index-Zx98Yw76.css';
const IMAGE = 'assets/logo-Qq11Ww22.svg';
const PHOTO = 'assets/photo-Pp33Oo44.png';
const UNHASHED = 'assets/settings.js';

const lines = (count: number, line: (i: number) => string) => Array.from({ length: count }, (_, i) => line(i)).join('');
const FILES: Record<string, Buffer> = {
  'index.html': Buffer.from(
    `<!doctype html><title>Desk</title><script type="module" src="/${SCRIPT}"></script>` +
      lines(80, (i) => `<p>Publishing Desk, line ${i}</p>\n`),
  ),
  [SCRIPT]: Buffer.from(lines(2000, (i) => `export const value${i} = 'the ${i % 13} words of line ${i}';\n`)),
  [STYLE]: Buffer.from(lines(300, (i) => `.row-${i} { margin: ${i % 7}px; color: #333; }\n`)),
  [IMAGE]: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg">${lines(200, (i) => `<circle r="${i}"/>`)}</svg>`),
  [PHOTO]: crypto.randomBytes(4096),
  [UNHASHED]: Buffer.from(lines(200, (i) => `export const setting${i} = ${i};\n`)),
  'robots.txt': Buffer.from('User-agent: *\nDisallow: /\n'),
  'assets/rebuilt.js': Buffer.from(lines(200, (i) => `export const before${i} = ${i};\n`)),
  'assets/foreign.js': Buffer.from(lines(200, (i) => `export const own${i} = ${i};\n`)),
};

type Coding = 'br' | 'gzip' | undefined;

/** The body as the client reads it: decompressed by the coding the answer names. */
function decoded(response: RawResponse): Buffer {
  const coding = response.headers['content-encoding'];
  if (coding === 'br') return zlib.brotliDecompressSync(response.bytes);
  if (coding === 'gzip') return zlib.gunzipSync(response.bytes);
  expect(coding).toBeUndefined();
  return response.bytes;
}

/**
 * The built page's files over a real socket: each in the coding the client takes (made once, at build time,
 * by the function the build runs), with caching by file kind and entity tags.
 */
describe('the page files the headless host sends', () => {
  let host: RunningHost;
  let site: string;
  let made: Awaited<ReturnType<typeof precompressFolder>>;
  const get = (target: string, headers: Record<string, string> = {}, method = 'GET') =>
    rawRequest(host.url, { method, path: target, headers });

  beforeAll(async () => {
    const outside = tempDir('host-static-assets');
    site = path.join(outside, 'renderer');
    for (const [name, bytes] of Object.entries(FILES)) {
      fs.mkdirSync(path.dirname(path.join(site, name)), { recursive: true });
      fs.writeFileSync(path.join(site, name), bytes);
    }
    fs.writeFileSync(path.join(outside, 'secret.txt'), SECRET);
    made = await precompressFolder(site);
    // Changed after its copies were made, as a file rebuilt without them would be.
    fs.writeFileSync(
      path.join(site, 'assets/rebuilt.js'),
      lines(200, (i) => `export const after${i} = ${i};\n`),
    );
    // A copy that is not its file's: it holds something else entirely.
    fs.writeFileSync(path.join(site, 'assets/foreign.js.br'), zlib.brotliCompressSync(SECRET.repeat(100)));
    host = await startHost({
      host: '127.0.0.1',
      port: 0,
      dataDir: tempDir('host-static-assets-data'),
      databaseName: 'static-assets',
      token: TOKEN,
      staticRoot: site,
    });
  });
  afterAll(() => host.close());

  it('makes compressed copies of the text files only, and only where they are smaller', () => {
    const copies = Object.fromEntries(made.map((entry) => [entry.file, Object.keys(entry.copies).sort()]));
    for (const name of ['index.html', SCRIPT, STYLE, IMAGE, UNHASHED])
      expect(copies[name], name).toEqual(['br', 'gzip']);
    // Too small to be worth it.
    expect(copies['robots.txt']).toEqual([]);
    expect(copies[PHOTO]).toBeUndefined();
    expect(fs.existsSync(path.join(site, `${PHOTO}.br`))).toBe(false);
    for (const entry of made) {
      for (const size of Object.values(entry.copies)) expect(size).toBeLessThan(entry.bytes);
    }
  });

  it('sends brotli to a browser that takes it, and it decompresses to the file', async () => {
    for (const [target, name] of [
      ['/', 'index.html'],
      [`/${SCRIPT}`, SCRIPT],
      [`/${STYLE}`, STYLE],
      [`/${IMAGE}`, IMAGE],
    ] as const) {
      const response = await get(target, { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
      expect(response.status, target).toBe(200);
      expect(response.headers['content-encoding'], target).toBe('br');
      expect(response.headers['vary'], target).toBe('Accept-Encoding');
      expect(Number(response.headers['content-length'])).toBe(response.bytes.length);
      expect(response.bytes.length).toBeLessThan(FILES[name]?.length ?? 0);
      expect(decoded(response).equals(FILES[name] ?? Buffer.alloc(0)), target).toBe(true);
    }
  });

  it.each<[string | undefined, Coding]>([
    [undefined, undefined],
    ['', undefined],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['BR', 'br'],
    ['*', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0, *', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['br;q=0.5', 'br'],
    ['br;level=5;q=0.9', 'br'],
    [' , ,, br', 'br'],
    ['identity', undefined],
    ['br;q=0.5, identity', undefined],
    ['br, identity;q=0', 'br'],
    ['br;q=0, gzip;q=0', undefined],
    ['gzip;q=0, identity;q=0', undefined],
    ['*;q=0', undefined],
    ['deflate, compress, zstd', undefined],
    // Weights that are none: ignored, not guessed at.
    ['br;q=2, gzip', 'gzip'],
    ['br;q=abc, gzip;q=0.001', 'gzip'],
    ['br;q=0.0001', undefined],
    ['br;q=, gzip', 'gzip'],
    ['br;q=-1', undefined],
    ['b r, gzip', 'gzip'],
  ])('answers Accept-Encoding %j with %s', async (header, coding) => {
    const response = await get(`/${SCRIPT}`, header === undefined ? {} : { 'Accept-Encoding': header });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe(coding);
    expect(response.headers['vary']).toBe('Accept-Encoding');
    expect(decoded(response).equals(FILES[SCRIPT] ?? Buffer.alloc(0))).toBe(true);
  });

  it('reads an Accept-Encoding far longer than a browser sends as no header', async () => {
    const response = await get(`/${SCRIPT}`, { 'Accept-Encoding': `${'x-unknown;q=0.5, '.repeat(70)}br` });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.bytes.equals(FILES[SCRIPT] ?? Buffer.alloc(0))).toBe(true);
  });

  it('sends images and small files as they are', async () => {
    const photo = await get(`/${PHOTO}`, { 'Accept-Encoding': 'br, gzip' });
    expect(photo.headers['content-encoding']).toBeUndefined();
    expect(photo.headers['vary']).toBeUndefined();
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.bytes.equals(FILES[PHOTO] ?? Buffer.alloc(0))).toBe(true);
    const robots = await get('/robots.txt', { 'Accept-Encoding': 'br, gzip' });
    expect(robots.headers['content-encoding']).toBeUndefined();
    expect(robots.body).toBe(FILES['robots.txt']?.toString());
  });

  it("keeps the build's hashed assets for a year, and has every other file asked about again", async () => {
    for (const name of [SCRIPT, STYLE, IMAGE, PHOTO]) {
      const response = await get(`/${name}`, { 'Accept-Encoding': 'br' });
      expect(response.headers['cache-control'], name).toBe('public, max-age=31536000, immutable');
      expect(response.headers['etag'], name).toMatch(/^"[\w-]+"$/);
    }
    for (const target of ['/', '/index.html', '/timeline/home', '/@jane.doe', '/robots.txt', `/${UNHASHED}`]) {
      const response = await get(target, { 'Accept-Encoding': 'br' });
      expect(response.status, target).toBe(200);
      expect(response.headers['cache-control'], target).toBe('no-cache');
      expect(response.headers['etag'], target).toMatch(/^"[\w-]+"$/);
    }
  });

  it('answers 304 without a body when the client holds the file already', async () => {
    for (const target of ['/', `/${SCRIPT}`]) {
      const first = await get(target, { 'Accept-Encoding': 'br' });
      const etag = String(first.headers['etag']);
      for (const held of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
        const again = await get(target, { 'Accept-Encoding': 'br', 'If-None-Match': held });
        expect(again.status, `${target} ${held}`).toBe(304);
        expect(again.bytes.length).toBe(0);
        expect(again.headers['etag']).toBe(etag);
        expect(again.headers['cache-control']).toBe(first.headers['cache-control']);
        expect(again.headers['vary']).toBe('Accept-Encoding');
      }
      const other = await get(target, { 'Accept-Encoding': 'br', 'If-None-Match': '"other"' });
      expect(other.status).toBe(200);
      expect(decoded(other).equals(decoded(first))).toBe(true);
    }
  });

  it('tags each coding of a file apart: a tag of one is no match for another', async () => {
    const plain = await get(`/${SCRIPT}`);
    const brotli = await get(`/${SCRIPT}`, { 'Accept-Encoding': 'br' });
    const gzip = await get(`/${SCRIPT}`, { 'Accept-Encoding': 'gzip' });
    const tags = [plain, brotli, gzip].map((response) => response.headers['etag']);
    expect(new Set(tags).size).toBe(3);
    const crossed = await get(`/${SCRIPT}`, {
      'Accept-Encoding': 'br',
      'If-None-Match': String(plain.headers['etag']),
    });
    expect(crossed.status).toBe(200);
    expect(crossed.headers['content-encoding']).toBe('br');
  });

  it('answers HEAD with the headers of the coding it would send, and no body', async () => {
    const got = await get(`/${SCRIPT}`, { 'Accept-Encoding': 'br' });
    const head = await get(`/${SCRIPT}`, { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.bytes.length).toBe(0);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(String(got.bytes.length));
    expect(head.headers['etag']).toBe(got.headers['etag']);
  });

  it('answers a Range request with the whole file, as it offers no ranges', async () => {
    for (const coding of ['br', 'identity']) {
      const response = await get(`/${SCRIPT}`, { 'Accept-Encoding': coding, Range: 'bytes=0-9' });
      expect(response.status).toBe(200);
      expect(response.headers['accept-ranges']).toBeUndefined();
      expect(response.headers['content-range']).toBeUndefined();
      expect(decoded(response).equals(FILES[SCRIPT] ?? Buffer.alloc(0))).toBe(true);
    }
  });

  it('never sends a copy that is not its file: one older than the file, or of something else', async () => {
    const rebuilt = await get('/assets/rebuilt.js', { 'Accept-Encoding': 'br, gzip' });
    expect(rebuilt.headers['content-encoding']).toBeUndefined();
    expect(rebuilt.body).toContain('export const after0 = 0;');
    const foreign = await get('/assets/foreign.js', { 'Accept-Encoding': 'br' });
    expect(foreign.headers['content-encoding']).toBeUndefined();
    expect(foreign.bytes.equals(FILES['assets/foreign.js'] ?? Buffer.alloc(0))).toBe(true);
    // gzip has a sound copy of its own.
    expect((await get('/assets/foreign.js', { 'Accept-Encoding': 'gzip' })).headers['content-encoding']).toBe('gzip');
  });

  it('sends a page rebuilt while the host runs anew, with a new tag', async () => {
    const before = await get('/', { 'Accept-Encoding': 'br' });
    const index = Buffer.from(`${FILES['index.html']?.toString()}<p>Rebuilt</p>\n`.repeat(2));
    fs.writeFileSync(path.join(site, 'index.html'), index);
    await precompressFolder(site);
    const after = await get('/', { 'Accept-Encoding': 'br', 'If-None-Match': String(before.headers['etag']) });
    expect(after.status).toBe(200);
    expect(after.headers['content-encoding']).toBe('br');
    expect(after.headers['etag']).not.toBe(before.headers['etag']);
    expect(decoded(after).equals(index)).toBe(true);
  });

  it('leaves the rest as it was: missing files, paths out of the folder, the API', async () => {
    const accept = { 'Accept-Encoding': 'br, gzip' };
    expect((await get('/assets/missing.js', accept)).status).toBe(404);
    for (const target of ['/../secret.txt', '/assets/..%2f..%2fsecret.txt', '/%2e%2e/secret.txt', '/secret.txt.br']) {
      const response = await get(target, accept);
      expect(decoded(response).toString()).not.toContain(SECRET);
    }
    const api = await get('/api/account/me', { ...accept, Authorization: TOKEN });
    expect(api.status).toBe(200);
    expect(api.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(api.body).meta.code).toBe(200);
    expect((await rawRequest(host.url, { method: 'POST', path: '/index.html', body: 'x' })).status).toBe(405);
  });
});
