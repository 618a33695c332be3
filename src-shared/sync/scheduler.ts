import type { SyncEngine } from './engine';

export interface Scheduler {
  start(): void;
  /** Stops scheduling and waits for the cycles under way (the engine's `stop` cuts them short). */
  stop(): Promise<void>;
}

/**
 * Runs the engine in the background: every tick, each remote whose poll is due (its interval, doubled for
 * each failed cycle in a row) or whose outbox has items due gets one cycle. A local write is therefore
 * sent within a tick. Errors are the engine's to record; a tick never throws.
 */
export function createScheduler(
  engine: SyncEngine,
  options: {
    tickMs?: number | undefined;
    onError?: (error: unknown) => void;
    /** After every tick (the unsent badge follows it). */ afterTick?: () => Promise<void>;
  } = {},
): Scheduler {
  const tickMs = options.tickMs ?? 2_000;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = true;
  let ticking: Promise<void> = Promise.resolve();

  const tick = async () => {
    try {
      const due = await engine.dueRemotes();
      await Promise.all(due.map((guid) => engine.runScheduled(guid).catch(options.onError)));
      await options.afterTick?.();
    } catch (error) {
      options.onError?.(error);
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      ticking = tick().finally(schedule);
    }, tickMs);
    // A host process should be able to exit while only this is waiting.
    (timer as { unref?: () => void }).unref?.();
  };

  return {
    start: () => {
      if (!stopped) return;
      stopped = false;
      schedule();
    },
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await ticking;
      await engine.whenIdle();
    },
  };
}
