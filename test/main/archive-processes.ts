import { spawn, type ChildProcess, type ChildProcessByStdio } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterEach, expect } from 'vitest';
import { serveNodeFlags } from '../support/serve-flags';

/** `npm run export` and `npm run import` as real processes, beside a real host on the same folder. */
export const PROJECT = path.resolve(import.meta.dirname, '../..');
export const TOKEN = 'x'.repeat(20);

export interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

/** How a process is started: `umask` is the file mode creation mask it inherits (`022`: files readable by all). */
export interface Start {
  umask?: string;
}

/** The project's own Node with `args`, from the project's folder; through a shell when a umask is asked for. */
function node(args: string[], start: Start): ChildProcessByStdio<null, Readable, Readable> {
  const shell = start.umask === undefined ? [] : ['-c', `umask ${start.umask} && exec "$@"`, 'sh', process.execPath];
  return spawn(shell.length > 0 ? '/bin/sh' : process.execPath, [...shell, ...args], {
    cwd: PROJECT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** The script of package.json as npm would run it, with the project's own Node. */
export function script(name: string, args: string[], start: Start = {}): Run {
  const scripts = (
    JSON.parse(fs.readFileSync(path.join(PROJECT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
  ).scripts;
  const words = (scripts[name] ?? '').split(/\s+/);
  const child = node([...words.slice(words.indexOf('node') + 1), ...args], start);
  children.push(child);
  let text = '';
  child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { child, output: () => text, exited: new Promise((resolve) => child.once('exit', (code) => resolve(code))) };
}

export async function serve(dataDir: string, start: Start = {}): Promise<Run & { url: string }> {
  const child = node(
    [...serveNodeFlags(), '--import', 'tsx', 'src-main/serve.ts', '--port', '0', '--data', dataDir, '--token', TOKEN],
    start,
  );
  children.push(child);
  let text = '';
  child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "serving" line within 20 s:\n${text}`)), 20_000);
    child.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const match = /^Publishing Desk is serving (http:\/\/\S+)$/m.exec(text);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
  });
  return { child, output: () => text, exited, url };
}

export async function write(url: string, content: string): Promise<string> {
  const response = await fetch(`${url}/api/posts/write`, {
    method: 'POST',
    headers: { Authorization: TOKEN, 'Content-Type': 'application/json' },
    body: JSON.stringify({ content, post_type: 'post.note' }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { guid: string }[] }).data[0]?.guid ?? '';
}

export async function texts(url: string): Promise<string[]> {
  const response = await fetch(`${url}/api/posts/global?count=250`, { headers: { Authorization: TOKEN } });
  return ((await response.json()) as { data: { text: string }[] }).data.map((p) => p.text).sort();
}

export async function stop(host: Run): Promise<void> {
  host.child.kill('SIGTERM');
  expect(await host.exited).toBe(0);
}
