import crypto from 'node:crypto';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../host-helpers';
import { contentSecurityPolicy } from '../../../src-main/host/csp';
import { createStaticSite } from '../../../src-main/host/static';
import { serveNodeFlags } from '../../support/serve-flags';

const TOKEN = 'built-host-owner-token-0123456789';

const PROJECT = path.resolve(import.meta.dirname, '../../..');
const STUB = path.join(import.meta.dirname, 'fixtures', 'use-electron-stub.ts');

interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(args: string[], options: { cwd: string; env?: Record<string, string> }): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: options.cwd, env: { ...process.env, ...options.env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

type Line = { event: string } & Record<string, unknown>;

/**
 * `electron-vite build`, as `npm run build` and `npm run dist` run it, into a folder of its own, and then
 * the built main process itself under Node with a stand-in for Electron (fixtures/electron-stub.ts): the
 * bundle must load its dependencies, register its scheme before the app is ready, serve the built page
 * and the instance, and quit cleanly. The folder gets the project's package.json (the bundle is ESM by
 * its "type") and node_modules (the bundle loads its dependencies from there, as the packaged app does).
 */
describe('the built app', () => {
  const root = tempDir('desk-build');
  const out = path.join(root, 'out');

  beforeAll(async () => {
    fs.copyFileSync(path.join(PROJECT, 'package.json'), path.join(root, 'package.json'));
    fs.symlinkSync(path.join(PROJECT, 'node_modules'), path.join(root, 'node_modules'));
    const built = await run(
      [path.join(PROJECT, 'node_modules/electron-vite/bin/electron-vite.js'), 'build', '--outDir', out],
      { cwd: PROJECT },
    );
    if (built.code !== 0) throw new Error(`electron-vite build failed:\n${built.stdout}\n${built.stderr}`);
  }, 120_000);

  it('has an ESM main process, a preload that needs nothing but electron, and a page whose one inline script its policy names', async () => {
    const main = fs.readFileSync(path.join(out, 'main', 'index.js'), 'utf8');
    expect(main).toMatch(/^import .* from "electron";$/m);

    const preload = fs.readFileSync(path.join(out, 'preload', 'index.cjs'), 'utf8');
    const required = [...preload.matchAll(/require\(["']([^"']+)["']\)/g)].map((match) => match[1]);
    expect(required).toEqual(['electron']);
    expect(preload).not.toMatch(/^\s*import\s/m);
    expect(preload).toContain('exposeInMainWorld("desk"');

    const html = fs.readFileSync(path.join(out, 'renderer', 'index.html'), 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    const [inline, ...others] = [
      ...scripts.filter(([, attributes]) => !attributes?.includes('src=')),
      ...scripts.filter(([, attributes]) => attributes?.includes('src=')),
    ];
    // The first paint (src-renderer/first-paint.ts), a classic script written in after the root.
    expect(inline?.[1]?.trim()).toBe('');
    expect(inline?.[2]).toContain('first-screen');
    expect(html.indexOf('<div id="root"></div>')).toBeLessThan(html.indexOf(inline?.[0] ?? '<none>'));
    expect(others.length).toBeGreaterThan(0);
    for (const [, attributes, body] of others) {
      expect(attributes).toMatch(/type="module"/);
      // From the root: the page is served at nested addresses too (below).
      expect(attributes).toMatch(/src="\/assets\/[^"]+\.js"/);
      expect(body?.trim()).toBe('');
    }
    expect(html).not.toMatch(/\sstyle="|\son[a-z]+="/i);

    // Served, the shell's policy allows that script by its hash and no other; an asset's names none.
    const site = createStaticSite(path.join(out, 'renderer'));
    const hash = crypto
      .createHash('sha256')
      .update(inline?.[2] ?? '')
      .digest('base64');
    const policy = (await site(new Request('http://desk.test/everything'))).headers.get('content-security-policy');
    expect(policy).toBe(contentSecurityPolicy(undefined, [hash]));
    expect(policy).toMatch(new RegExp(`script-src 'self' 'sha256-${hash.replace(/[+/]/g, '\\$&')}';`));
    const script = others[0]?.[1]?.match(/src="([^"]+)"/)?.[1] ?? '';
    expect((await site(new Request(`http://desk.test${script}`))).headers.get('content-security-policy')).toBeNull();
  });

  it('loads at run time only packages the installer carries: dependencies, never development tools', () => {
    const main = fs.readFileSync(path.join(out, 'main', 'index.js'), 'utf8');
    const specifiers = [
      ...main.matchAll(/^import\s[^;]*?\sfrom\s"([^"]+)";$/gm),
      ...main.matchAll(/\bimport\("([^"]+)"\)/g),
    ].map((match) => match[1] ?? '');
    const packages = specifiers
      .filter((specifier) => !specifier.startsWith('node:') && !specifier.startsWith('.') && specifier !== 'electron')
      .map((specifier) =>
        specifier
          .split('/')
          .slice(0, specifier.startsWith('@') ? 2 : 1)
          .join('/'),
      );
    expect(packages.length).toBeGreaterThan(0);
    const dependencies = Object.keys(
      JSON.parse(fs.readFileSync(path.join(PROJECT, 'package.json'), 'utf8')).dependencies,
    );
    expect([...new Set(packages)].filter((name) => !dependencies.includes(name))).toEqual([]);
  });

  it('loads at a nested address of the page (a post, a Persona): every script and style it names is found', async () => {
    const site = createStaticSite(path.join(out, 'renderer'));
    for (const address of [
      'http://desk.test/posts/2f0b9c1e-8a8e-4f5e-9d0b-3c1f2a4b5c6d',
      'http://desk.test/@someone',
      'http://desk.test/tags/a/b',
    ]) {
      const page = await site(new Request(address));
      expect(page.status).toBe(200);
      const html = await page.text();
      const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map(
        (match) => new URL(match[1] ?? '', address).href,
      );
      expect(assets.length).toBeGreaterThan(1);
      for (const asset of assets) {
        const answer = await site(new Request(asset));
        expect(answer.status, asset).toBe(200);
        expect(answer.headers.get('content-type'), asset).toMatch(/javascript|css/);
      }
    }
  });

  it("names the shell's code in its head, to arrive beside the entry, which loads it only after its first requests", () => {
    const renderer = path.join(out, 'renderer');
    const html = fs.readFileSync(path.join(renderer, 'index.html'), 'utf8');
    const code = (href: string) => fs.readFileSync(path.join(renderer, href), 'utf8');
    const entry = /<script\b[^>]*\ssrc="\/(assets\/[^"]+)"/.exec(html)?.[1] ?? '';
    const preloaded = [...html.matchAll(/<link rel="modulepreload"[^>]*\shref="\/(assets\/[^"]+)"/g)].map(
      (match) => match[1] ?? '',
    );
    // React DOM keeps its root under this key: the chunk that holds it is the shell's.
    const drawsTheShell = (href: string) => code(href).includes('__reactContainer$');
    expect(drawsTheShell(entry)).toBe(false);
    expect(preloaded.filter(drawsTheShell)).toHaveLength(1);
    expect(new Set(preloaded).size).toBe(preloaded.length);
  });

  it("carries nothing of the package's manifest into the page, which has no use for it", () => {
    const assets = path.join(out, 'renderer', 'assets');
    const manifest = JSON.parse(fs.readFileSync(path.join(PROJECT, 'package.json'), 'utf8')) as { description: string };
    const scripts = fs.readdirSync(assets).filter((name) => name.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(1);
    for (const script of scripts)
      expect(fs.readFileSync(path.join(assets, script), 'utf8'), script).not.toContain(manifest.description);
  });

  it('compresses its text files as it builds them, and has browsers keep every asset it names for a year', async () => {
    const renderer = path.join(out, 'renderer');
    const site = createStaticSite(renderer);
    const html = fs.readFileSync(path.join(renderer, 'index.html'), 'utf8');
    const named = [...html.matchAll(/(?:src|href)="\/([^"]+)"/g)].map((match) => match[1] ?? '');
    const assets = fs.readdirSync(path.join(renderer, 'assets')).filter((name) => !/\.(?:br|gz)$/.test(name));
    expect(named.every((name) => assets.includes(name.replace(/^assets\//, '')))).toBe(true);
    const entry = /<script\b[^>]*\ssrc="\/assets\/([^"]+)"/.exec(html)?.[1];
    expect(entry).toBeDefined();
    for (const name of assets) {
      const original = fs.readFileSync(path.join(renderer, 'assets', name));
      const answer = await site(
        new Request(`http://desk.test/assets/${name}`, { headers: { 'Accept-Encoding': 'br' } }),
      );
      expect(answer.headers.get('cache-control'), name).toBe('public, max-age=31536000, immutable');
      const body = Buffer.from(await answer.arrayBuffer());
      const coding = answer.headers.get('content-encoding');
      expect(coding === 'br' ? zlib.brotliDecompressSync(body).equals(original) : body.equals(original), name).toBe(
        true,
      );
      // The page's entry script, the bulk of what a first load fetches, goes compressed to a fraction.
      if (name === entry) {
        expect(coding, name).toBe('br');
        expect(body.length, name).toBeLessThan(original.length / 3);
      }
    }
    const shell = await site(new Request('http://desk.test/', { headers: { 'Accept-Encoding': 'gzip' } }));
    expect(shell.headers.get('cache-control')).toBe('no-cache');
    expect(shell.headers.get('etag')).toMatch(/^"[\w-]+"$/);
  });

  it('starts, serves its page, the instance and its archive through desk: and the loopback port, and quits after closing the store', async () => {
    const userData = tempDir('desk-built-user-data');
    const port = await freePort();
    fs.writeFileSync(
      path.join(userData, 'settings.json'),
      JSON.stringify({ loopback: { enabled: true, port, allowedOrigins: [] } }),
    );
    const session = async () => {
      const finished = await run(['--import', 'tsx', '--import', STUB, path.join(out, 'main', 'index.js')], {
        cwd: root,
        env: { DESK_STUB_USER_DATA: userData },
      });
      expect(finished.code, finished.stderr).toBe(0);
      const lines = finished.stdout
        .trim()
        .split('\n')
        .map((line): Line => JSON.parse(line));
      const find = (event: string) => {
        const line = lines.find((candidate) => candidate.event === event);
        if (!line) throw new Error(`no ${event} in:\n${finished.stdout}\n${finished.stderr}`);
        return line;
      };
      return { events: lines.map((line) => line.event), find };
    };

    const first = await session();
    expect(first.events.indexOf('registerSchemesAsPrivileged')).toBeLessThan(first.events.indexOf('ready'));
    const page = first.find('page');
    expect(page).toMatchObject({ status: 200, csp: expect.stringContaining("script-src 'self'") });
    expect(fs.existsSync(path.join(out, 'renderer', String(page['script'])))).toBe(true);
    expect(first.find('me')).toMatchObject({ status: 200, type: 'account.owner' });
    expect(first.find('write')).toMatchObject({ status: 200 });
    expect(first.find('loopback')).toMatchObject({ withToken: 200, withoutToken: 403 });
    expect(first.find('export')).toMatchObject({ status: 200, type: 'application/zip', zip: true, written: true });
    expect(first.events.slice(-3)).toEqual(['before-quit', 'before-quit', 'quit']);
    expect(fs.existsSync(path.join(userData, 'publishing.lock'))).toBe(false);

    // A second start finds the same owner and the post the first one wrote.
    const second = await session();
    expect(second.find('me')['guid']).toBe(first.find('me')['guid']);
    expect(second.find('global')['texts']).toEqual(['Written by the built app', 'Written by the built app']);
  }, 60_000);

  it('holds the headless host that npm run serve runs: it serves the page and the instance, exports, and stops cleanly', async () => {
    const dataDir = tempDir('desk-built-serve');
    const child = spawn(
      process.execPath,
      [...serveNodeFlags(), path.join(out, 'main', 'serve.js'), '--port', '0', '--data', dataDir, '--token', TOKEN],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const served = /serving (http:\/\/\S+)/.exec(output)?.[1];
        if (served) resolve(served);
      });
      child.once('exit', (code) => reject(new Error(`the built host exited with ${String(code)}:\n${output}`)));
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      const page = await fetch(`${url}/@me`);
      expect(page.status).toBe(200);
      const html = await page.text();
      const script = /<script type="module" crossorigin src="\/([^"]+)"/.exec(html)?.[1] ?? '';
      expect(fs.existsSync(path.join(out, 'renderer', script))).toBe(true);
      const headers = { authorization: TOKEN, 'content-type': 'application/json' };
      const write = await fetch(`${url}/api/posts/write`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ content: 'Written by the built host', post_type: 'post.note' }),
      });
      expect(write.status, await write.clone().text()).toBe(200);
      const global = (await (await fetch(`${url}/api/posts/global`)).json()) as { data: { text: string }[] };
      expect(global.data.map((post) => post.text)).toEqual(['Written by the built host']);
      // The export runs in a worker thread, which the build carries beside the host.
      const exported = await fetch(`${url}/api/instance/export`, { headers });
      expect(
        exported.status,
        await exported
          .clone()
          .text()
          .catch(() => ''),
      ).toBe(200);
      expect(exported.headers.get('content-type')).toBe('application/zip');
      expect((await exported.arrayBuffer()).byteLength).toBeGreaterThan(100);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  }, 60_000);
});
