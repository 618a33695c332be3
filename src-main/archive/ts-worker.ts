import { Worker } from 'node:worker_threads';

/**
 * A worker thread on one of this project's TypeScript modules. The hosts and the archive commands run their
 * TypeScript through tsx (`node --import tsx`), which a worker inherits with the process's flags; a process
 * that runs it otherwise (the test runner) has it added. The desktop app's bundle has no entry for these
 * workers yet: there the worker fails to start, and its caller reports that.
 */
export function startTsWorker(module: URL, options: { workerData: unknown; heapMb: number }): Worker {
  const execArgv = workerExecArgv();
  // The worker's heap has a bound of its own, as the host's has (`npm run serve`).
  return new Worker(module, { workerData: options.workerData, resourceLimits: { maxOldGenerationSizeMb: options.heapMb }, ...(execArgv ? { execArgv } : {}) });
}

function workerExecArgv(): string[] | undefined {
  const flags = process.execArgv;
  const hasTsx = flags.some((flag, i) => (flag === '--import' || flag === '--loader') && /^tsx/.test(flags[i + 1] ?? '')) || flags.some((flag) => /^--import=tsx/.test(flag));
  // Inherited as they are; flags given anew must leave out V8's (a worker refuses them: its heap is set by resourceLimits).
  return hasTsx ? undefined : [...flags.filter((flag) => !/^--max-/.test(flag)), '--import', 'tsx'];
}
