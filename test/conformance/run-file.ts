import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BACKENDS, type BackendName } from './backends';
import { readOutput, type FileResult } from './results';

export const WPT_FOLDER = fileURLToPath(new URL('web-platform-tests/', import.meta.url));
export const CONVERTED_FOLDER = path.join(WPT_FOLDER, 'converted');
const INSTALLER = fileURLToPath(new URL('install-backend.ts', import.meta.url));

/** Output kept from a child: a test file logs a line or two per subtest; one that logs without end is cut. */
const MAX_OUTPUT = 8 * 1024 * 1024;

/**
 * Runs one converted test file (its path under converted/) in a process of its own, with `backend`
 * installed as globals and, for a backend that needs one, a fresh data folder removed afterwards. A file
 * still running after `timeoutMs` is killed: its unfinished subtests count as timed out.
 */
export async function runFile(file: string, backend: BackendName, timeoutMs: number): Promise<FileResult> {
  const folder = BACKENDS[backend].needsFolder ? fs.mkdtempSync(path.join(os.tmpdir(), 'wpt-idb-')) : '';
  const started = performance.now();
  try {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--import', INSTALLER, path.join(CONVERTED_FOLDER, file)],
      {
        cwd: path.dirname(path.join(CONVERTED_FOLDER, file)),
        env: { ...process.env, WPT_BACKEND: backend, WPT_FOLDER: folder },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (stdout.length < MAX_OUTPUT) stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      if (stderr.length < MAX_OUTPUT) stderr += chunk;
    });
    // Read once the child has closed its output: after the kill, that is what it wrote before it.
    const limit = { reached: false };
    const timer = setTimeout(() => {
      limit.reached = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    const code = await new Promise<number | null>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', resolve);
    }).finally(() => clearTimeout(timer));
    const exit = limit.reached ? 'timeout' : code === 0 ? 'ok' : 'crash';
    return { file, ...readOutput(stdout, exit), stderr, ms: performance.now() - started };
  } finally {
    if (folder) fs.rmSync(folder, { recursive: true, force: true });
  }
}

/** The converted test files, as paths under converted/, in a stable order. */
export function listFiles(): string[] {
  return fs
    .readdirSync(CONVERTED_FOLDER, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.js'))
    .map((file) => file.split(path.sep).join('/'))
    .sort();
}
