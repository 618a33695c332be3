import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sqliteIdb } from '../../src-main/store/sqlite-idb';
import { openDatabase } from '../../src-shared/store/db';
import { serveNodeFlags } from '../support/serve-flags';
import { tempDir } from './host-helpers';

/** `npm run serve` as a real process: what it prints, how it stops, and what survives `kill -9`. */
const PROJECT = path.resolve(import.meta.dirname, '../..');
const TOKEN = 'x'.repeat(20);

interface Served {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
});

function run(args: string[], nodeFlags: string[] = []): Omit<Served, 'url'> {
  // The project's own Node (the one running these tests), never whatever `node` the PATH finds first.
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', 'src-main/serve.ts', ...args], {
    cwd: PROJECT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let text = '';
  child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, output: () => text, exited };
}

async function serve(dataDir: string, extra: string[] = [], nodeFlags: string[] = []): Promise<Served> {
  const started = run(['--port', '0', '--data', dataDir, '--token', TOKEN, ...extra], nodeFlags);
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "serving" line within 20 s:\n${started.output()}`)), 20_000);
    const look = () => {
      const match = /^Publishing Desk is serving (http:\/\/\S+)$/m.exec(started.output());
      if (match?.[1] === undefined) return;
      clearTimeout(timer);
      resolve(match[1]);
    };
    started.child.stdout?.on('data', look);
    void started.exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`exited before serving:\n${started.output()}`));
    });
  });
  return { ...started, url };
}

interface Written {
  status: number;
  guid: string | undefined;
  content: string;
}

async function writePost(url: string, content: string): Promise<Written> {
  const response = await fetch(`${url}/api/posts/write`, {
    method: 'POST',
    headers: { Authorization: TOKEN, 'Content-Type': 'application/json' },
    body: JSON.stringify({ content, post_type: 'post.note' }),
  });
  const body = (await response.json()) as { meta: { code: number }; data: Array<{ guid?: string }> | false };
  expect(body.meta.code).toBe(response.status);
  return { status: response.status, guid: body.data === false ? undefined : body.data[0]?.guid, content };
}

async function expectPost(url: string, written: Written): Promise<void> {
  const response = await fetch(`${url}/api/posts/${written.guid ?? 'missing'}`, { headers: { Authorization: TOKEN } });
  const body = (await response.json()) as { data: Array<{ guid: string; text: string }> | false };
  expect(response.status, `post ${written.content}`).toBe(200);
  expect(body.data === false ? undefined : body.data[0]).toMatchObject({ guid: written.guid, text: written.content });
}

describe('the serve process', () => {
  it('refuses a bad flag with one line, the usage, and exit code 2', async () => {
    const started = run(['--bogus']);
    expect(await started.exited).toEqual({ code: 2, signal: null });
    expect(started.output()).toMatch(/^serve: unknown flag --bogus\n/);
    expect(started.output()).toContain('Usage: npm run serve');
  });

  it('prints --help and exits 0', async () => {
    const started = run(['--help']);
    expect(await started.exited).toEqual({ code: 0, signal: null });
    expect(started.output()).toContain('--token <token>');
  });

  it('says where it serves, then stops cleanly on SIGTERM and on SIGINT', async () => {
    const dataDir = tempDir('host-process');
    const first = await serve(dataDir);
    expect(first.output()).toContain(`Created a new instance in ${dataDir}`);
    expect(first.output()).toContain(`Owner token: ${TOKEN}`);
    expect(first.output().match(/Publishing Desk is serving/g)).toHaveLength(1);
    expect((await fetch(`${first.url}/`)).status).toBe(200);
    const started = Date.now();
    first.child.kill('SIGTERM');
    expect(await first.exited).toEqual({ code: 0, signal: null });
    expect(Date.now() - started).toBeLessThan(5_000);

    const second = await serve(dataDir);
    expect(second.output()).not.toContain('Created a new instance');
    expect((await fetch(`${second.url}/`)).status).toBe(200);
    second.child.kill('SIGINT');
    expect(await second.exited).toEqual({ code: 0, signal: null });
  });

  it('leaves its store as one file when it stops, which alone holds every post written', async () => {
    const dataDir = tempDir('host-one-file');
    const first = await serve(dataDir);
    const written: Written[] = [];
    for (let i = 0; i < 5; i += 1) written.push(await writePost(first.url, `kept in the file ${i}`));
    first.child.kill('SIGTERM');
    expect(await first.exited).toEqual({ code: 0, signal: null });

    // A person who copies the folder by hand, or a tool that copies only `*.sqlite`, gets every post: the
    // write-ahead log was folded into the file and removed, not left beside it for the next start to read.
    const dbDir = path.join(dataDir, 'db');
    expect(fs.readdirSync(dbDir).filter((file) => /-(wal|shm)$/.test(file))).toEqual([]);
    const copy = tempDir('host-one-file-copy');
    fs.cpSync(dataDir, copy, { recursive: true, filter: (file) => !/-(wal|shm)$/.test(file) });
    const second = await serve(copy);
    for (const post of written) await expectPost(second.url, post);
    second.child.kill('SIGTERM');
    await second.exited;
  });

  it('prints a sign-in link that signs in once, another on SIGUSR2, and a new one at every start', async () => {
    const dataDir = tempDir('host-link');
    const links = (served: Served) =>
      [...served.output().matchAll(/^Sign in from a browser \(once, within 15 minutes\): (\S+)$/gm)].map(
        (m) => m[1] ?? '',
      );
    const trade = async (link: string) => {
      const code = new URL(link).hash.replace(/^#code=/, '');
      const response = await fetch(new URL('/api/auth/code', link), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ code }),
      });
      return {
        status: response.status,
        token: ((await response.json()) as { data: { token?: string } | false }).data || {},
      };
    };
    const first = await serve(dataDir);
    const [link = ''] = links(first);
    expect(link).toMatch(new RegExp(`^${first.url}/sign-in#code=[A-Za-z0-9_-]{43}$`));
    // The link's address serves the page, which reads the code from the fragment the browser keeps to itself.
    expect((await fetch(link)).status).toBe(200);
    const traded = await trade(link);
    expect(traded.status).toBe(200);
    const me = await fetch(`${first.url}/api/account/me`, { headers: { Authorization: traded.token.token ?? '' } });
    expect(me.status).toBe(200);
    expect((await trade(link)).status).toBe(401);

    first.child.kill('SIGUSR2');
    await vi.waitFor(() => expect(links(first)).toHaveLength(2), { timeout: 5_000 });
    const fresh = links(first)[1] ?? '';
    expect(fresh).not.toBe(link);
    expect((await trade(fresh)).status).toBe(200);
    first.child.kill('SIGTERM');
    await first.exited;

    // A code lives in the host's memory only: the next start prints a new one, and the old ones are gone.
    const unused = links(first)[0] ?? '';
    const second = await serve(dataDir);
    const [next = ''] = links(second);
    expect(next).not.toBe(unused);
    expect(fs.readdirSync(dataDir).join(' ')).not.toMatch(/code/);
    expect((await trade(next)).status).toBe(200);
    second.child.kill('SIGTERM');
    await second.exited;
  });

  it('keeps every acknowledged write across kill -9', async () => {
    const dataDir = tempDir('host-process');
    const first = await serve(dataDir);
    const written: Written[] = [];
    for (let i = 0; i < 20; i += 1) written.push(await writePost(first.url, `one by one ${i}`));
    // Concurrent writes too: each acknowledgement must mean "on disk", not "queued".
    written.push(...(await Promise.all(Array.from({ length: 20 }, (_, i) => writePost(first.url, `together ${i}`)))));
    first.child.kill('SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');
    for (const post of written) expect(post.status).toBe(200);

    const second = await serve(dataDir);
    for (const post of written) await expectPost(second.url, post);
  });

  it('keeps every acknowledged draft save across kill -9, the last version of each', async () => {
    const dataDir = tempDir('host-process');
    const first = await serve(dataDir);
    const save = async (id: string, text: string, version: number) => {
      const answer = await fetch(`${first.url}/api/drafts`, {
        method: 'POST',
        headers: { Authorization: TOKEN, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          id,
          type: 'post.note',
          privacy: 'visibility.public',
          text,
          updatedAt: version,
          version,
        }),
      });
      expect(answer.status).toBe(200);
    };
    // Typing: one draft saved again and again, and others beside it at once.
    for (let i = 0; i < 15; i += 1) await save('typed', `word `.repeat(i + 1), i);
    await Promise.all(Array.from({ length: 10 }, (_, i) => save(`beside-${i}`, `draft ${i}`, 0)));
    first.child.kill('SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');

    const second = await serve(dataDir);
    const listed = await fetch(`${second.url}/api/drafts`, { headers: { Authorization: TOKEN } });
    const { drafts } = ((await listed.json()) as { data: { drafts: { id: string; text: string; version: number }[] } })
      .data;
    expect(drafts).toHaveLength(11);
    expect(drafts.find((d) => d.id === 'typed')).toMatchObject({ text: 'word '.repeat(15), version: 15 });
    second.child.kill('SIGTERM');
    await second.exited;
  });

  it('indexes a post of 100,000 characters and 12,500 different words within the heap of npm run serve, and lives on', async () => {
    const dataDir = tempDir('host-process');
    const host = await serve(dataDir, [], serveNodeFlags());
    const words = Array.from({ length: 12_500 }, (_, i) => `w${i.toString(36).padStart(6, 'x')}`);
    const written = await writePost(host.url, words.join(' '));
    expect(written.status).toBe(200);
    // The indexer takes the post once the host is quiet; before this was bounded, the heap ran out within
    // a few seconds, and again at every start. Read from here, the store says when its queue is empty.
    const stored = async () => {
      const db = openDatabase(sqliteIdb(path.join(dataDir, 'db')));
      try {
        return {
          post: await db.posts
            .where('guid')
            .equals(written.guid ?? '')
            .count(),
          queued: await db.indexQueue.count(),
        };
      } finally {
        db.close();
      }
    };
    await vi.waitFor(
      async () => {
        expect(host.child.exitCode, host.output()).toBeNull();
        expect(await stored()).toEqual({ post: 1, queued: 0 });
      },
      { timeout: 30_000, interval: 500 },
    );
    expect(host.child.exitCode, host.output()).toBeNull();
    const found = await fetch(`${host.url}/content/blurbs/search?filter=${words[10]}`, {
      headers: { Authorization: TOKEN },
    });
    expect(((await found.json()) as { data: { guid: string }[] }).data.map((p) => p.guid)).toEqual([written.guid]);
    host.child.kill('SIGTERM');
    expect(await host.exited).toEqual({ code: 0, signal: null });
  }, 60_000);

  it('finishes writes in flight when told to stop, and keeps the acknowledged ones', async () => {
    const dataDir = tempDir('host-process');
    const first = await serve(dataDir);
    const attempts = Array.from({ length: 30 }, (_, i) =>
      writePost(first.url, `in flight ${i}`).catch(() => undefined),
    );
    // Stop as soon as the first write is acknowledged, while the others are still on their way.
    await Promise.race(attempts);
    first.child.kill('SIGTERM');
    const results = await Promise.all(attempts);
    expect(await first.exited).toEqual({ code: 0, signal: null });
    const acknowledged = results.filter((result): result is Written => result?.status === 200);
    expect(acknowledged.length).toBeGreaterThan(0);
    // Refused ones are told so with an envelope (503) or never got a connection; none is half done.
    for (const result of results) if (result !== undefined && result.status !== 200) expect(result.status).toBe(503);

    const second = await serve(dataDir);
    for (const post of acknowledged) await expectPost(second.url, post);
  });
});
