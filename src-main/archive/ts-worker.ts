import path from 'node:path';
import { Worker } from 'node:worker_threads';

/** Whether this code runs from the desktop app's bundle (out/main/*.js) rather than from its TypeScript. */
const BUNDLED = !import.meta.url.endsWith('.ts');

/**
 * A worker thread on one of this project's TypeScript modules (`new URL('./x-worker.ts', import.meta.url)`).
 * The hosts and the archive commands run their TypeScript through tsx (`node --import tsx`), which a worker
 * inherits with the process's flags; a process that runs it otherwise (the test runner) has it added. The
 * desktop app's bundle builds each worker as an entry of its own beside the main process's
 * (electron.vite.config.ts), so there the same name ending in .js is started, as plain JavaScript.
 */
export function startTsWorker(module: URL, options: { workerData: unknown; heapMb: number }): Worker {
  const execArgv = BUNDLED ? undefined : workerExecArgv();
  const entry = BUNDLED ? new URL(`./${path.basename(module.pathname, '.ts')}.js`, import.meta.url) : module;
  // The worker's heap has a bound of its own, as the host's has (`npm run serve`).
  return new Worker(entry, {
    workerData: options.workerData,
    resourceLimits: { maxOldGenerationSizeMb: options.heapMb },
    execArgv,
  });
}

function workerExecArgv(): string[] | undefined {
  const flags = process.execArgv;
  const hasTsx =
    flags.some((flag, i) => (flag === '--import' || flag === '--loader') && /^tsx/.test(flags[i + 1] ?? '')) ||
    flags.some((flag) => /^--import=tsx/.test(flag));
  // Inherited as they are; flags given anew must leave out V8's (a worker refuses them: its heap is set by resourceLimits).
  return hasTsx ? undefined : [...flags.filter((flag) => !/^--max-/.test(flag)), '--import', 'tsx'];
}

/**
 * The first message of a worker started by startTsWorker, which then ends (ending it also closes the
 * connections its indexeddbshim keeps open); rejects when the worker ends without a message (it threw, or
 * ran out of its heap), with its reason.
 */
export async function firstAnswer<T>(worker: Worker): Promise<T> {
  const heard: { answer: T | null; failure: Error | null } = { answer: null, failure: null };
  worker.on('message', (message: T) => {
    heard.answer ??= message;
    void worker.terminate();
  });
  worker.on('error', (error: Error) => {
    heard.failure = error;
  });
  await new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  if (heard.answer === null) throw new Error(heard.failure?.message ?? 'its worker ended without an answer');
  return heard.answer;
}
