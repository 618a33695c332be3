import type { Browser } from 'playwright-core';

/** One event of a Chromium trace, as far as it is read here. */
interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  /** Microseconds. */
  ts: number;
  dur?: number;
  /** The thread's own CPU time, in microseconds. */
  tdur?: number;
  args?: { data?: { documentLoaderURL?: string } };
}

/** The scheduler's task, the outermost piece of work a renderer's main thread runs. */
const TASKS = new Set(['ThreadControllerImpl::RunTask', 'RunTask']);

/**
 * The CPU time the main thread of the page at `url` spent from its navigation to the performance mark
 * `mark`, in milliseconds, read from a Chromium trace taken while `load` runs: the sum of the thread CPU time
 * of each outermost task in between. Time the thread waited, or that other processes had, is not counted.
 */
export async function mainThreadCpu(browser: Browser, url: string, mark: string, load: () => Promise<void>) {
  const session = await browser.newBrowserCDPSession();
  const events: TraceEvent[] = [];
  session.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
  const complete = new Promise<void>((resolve) => session.once('Tracing.tracingComplete', () => resolve()));
  await session.send('Tracing.start', {
    traceConfig: { includedCategories: ['toplevel', 'blink.user_timing', 'devtools.timeline'] },
    transferMode: 'ReportEvents',
  });
  try {
    await load();
  } finally {
    await session.send('Tracing.end');
    await complete;
    await session.detach();
  }
  const start = events.find(
    (e) => e.name === 'navigationStart' && (e.args?.data?.documentLoaderURL ?? '').startsWith(url),
  );
  const end = events.find((e) => e.name === mark && e.pid === start?.pid);
  if (!start || !end) throw new Error(`the trace holds no navigation to ${url} or no mark ${mark}`);
  const tasks = events
    .filter((e) => e.pid === start.pid && e.tid === start.tid && e.ph === 'X' && TASKS.has(e.name))
    .filter((e) => e.ts >= start.ts && e.ts <= end.ts)
    .sort((a, b) => a.ts - b.ts);
  let cpu = 0;
  let until = -Infinity;
  for (const task of tasks) {
    // A task run inside another (a nested loop) is counted in the outer one already.
    if (task.ts < until) continue;
    until = task.ts + (task.dur ?? 0);
    cpu += task.tdur ?? task.dur ?? 0;
  }
  return cpu / 1000;
}
