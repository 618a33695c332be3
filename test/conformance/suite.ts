import { fileURLToPath } from 'node:url';
import type { BackendName } from './backends';
import { BROWSER_ONLY } from './browser-only';
import { compare, type Comparison, type Expected, type FileResult } from './results';
import { listFiles, runFile } from './run-file';

export interface SuiteOptions {
  /** Test files run at once, each in its own process. */
  readonly concurrency: number;
  /** How long one file may run before it is killed. */
  readonly timeoutMs: number;
  /** Only the files whose path contains one of these; all when empty. */
  readonly only: readonly string[];
}

export const DEFAULT_OPTIONS: SuiteOptions = { concurrency: 2, timeoutMs: 10_000, only: [] };

/** The expectations of a backend: test/conformance/expected/<backend>.json. */
export function expectedFile(backend: BackendName): string {
  return fileURLToPath(new URL(`expected/${backend}.json`, import.meta.url));
}

/** Runs every converted test file a backend can run in Node (not those of BROWSER_ONLY), in file order. */
export async function runSuite(backend: BackendName, options: SuiteOptions = DEFAULT_OPTIONS): Promise<FileResult[]> {
  const files = listFiles().filter(
    (file) =>
      !(file in BROWSER_ONLY) && (options.only.length === 0 || options.only.some((part) => file.includes(part))),
  );
  return runFiles(files, backend, options);
}

/**
 * The suite held to a backend's expectations. A file with a regression is run once more, alone in its
 * process again and with twice the time, and its second result stands: on a loaded machine a slow file can
 * miss its time limit, or a test that waits on timers lose a race, without anything having changed.
 */
export async function runChecked(
  backend: BackendName,
  expected: Expected,
  options: SuiteOptions = DEFAULT_OPTIONS,
): Promise<{ results: FileResult[]; comparison: Comparison }> {
  const first = await runSuite(backend, options);
  const again = new Set(
    first.filter((result) => compare([result], expected).regressions.length > 0).map(({ file }) => file),
  );
  const retried = await runFiles([...again], backend, { ...options, timeoutMs: options.timeoutMs * 2 });
  const results = [...first.filter(({ file }) => !again.has(file)), ...retried].sort((a, b) =>
    a.file.localeCompare(b.file),
  );
  return { results, comparison: compare(results, expected) };
}

async function runFiles(files: readonly string[], backend: BackendName, options: SuiteOptions): Promise<FileResult[]> {
  const results: FileResult[] = [];
  let next = 0;
  const worker = async () => {
    for (let file = files[next++]; file !== undefined; file = files[next++]) {
      results.push(await runFile(file, backend, options.timeoutMs));
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, worker));
  return results.sort((a, b) => a.file.localeCompare(b.file));
}
