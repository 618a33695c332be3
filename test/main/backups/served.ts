import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterEach } from 'vitest';
import { serveNodeFlags } from '../../support/serve-flags';

/** `npm run serve` as a real process, for the backups that happen across its starts. */
const PROJECT = path.resolve(import.meta.dirname, '../../..');

export interface Served {
  child: ChildProcess;
  url: string;
  output: () => string;
  /** SIGTERM, and the exit awaited. */
  stop: () => Promise<void>;
}

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
});

export async function serve(dataDir: string, token: string): Promise<Served> {
  const child = spawn(
    process.execPath,
    [...serveNodeFlags(), '--import', 'tsx', 'src-main/serve.ts', '--port', '0', '--data', dataDir, '--token', token],
    {
      cwd: PROJECT,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  children.push(child);
  let text = '';
  child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "serving" line within 20 s:\n${text}`)), 20_000);
    child.stdout.on('data', () => {
      const match = /^Publishing Desk is serving (http:\/\/\S+)$/m.exec(text);
      if (match?.[1] === undefined) return;
      clearTimeout(timer);
      resolve(match[1]);
    });
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`exited before serving:\n${text}`));
    });
  });
  return {
    child,
    url,
    output: () => text,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** An answer's envelope, loosely: tests read the parts they check. */
export interface Called {
  status: number;
  meta: { code: number; text?: string | false; list?: unknown };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary answer shapes
  data: any;
}

/** One request, with `token` when given, its envelope read. */
export async function call(
  url: string,
  method: string,
  pathname: string,
  options: { token?: string | null; json?: Record<string, unknown> } = {},
): Promise<Called> {
  const headers: Record<string, string> = {};
  if (options.token) headers['authorization'] = options.token;
  if (options.json) headers['content-type'] = 'application/json';
  const response = await fetch(`${url}${pathname}`, {
    method,
    headers,
    ...(options.json ? { body: JSON.stringify(options.json) } : {}),
  });
  const body = (await response.json()) as Omit<Called, 'status'>;
  return { status: response.status, meta: body.meta, data: body.data };
}
