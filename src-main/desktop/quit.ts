import type { ShutdownStep } from '../instance/instance';

/** The parts of Electron's app that quitting uses. */
export interface QuittingApp {
  on(event: 'before-quit', listener: (event: { preventDefault(): void }) => void): unknown;
  quit(): void;
}

export interface QuitOptions {
  /** How long one step may take before the next runs anyway, so a stuck step cannot keep the app open. */
  stepTimeoutMs?: number;
}

/**
 * Quitting waits for the work in progress: the first `before-quit` is cancelled, the steps run in order
 * (the instance's shutdown, instance.ts), and then the app quits for real. Later `before-quit` events while
 * the steps run are cancelled too (a second Cmd+Q must not cut the store off mid-write).
 *
 * A step that fails or overruns is reported and the next one runs: the store commits every write on its
 * own, so closing it after an abandoned step loses only what was never acknowledged.
 */
export function quitAfter(app: QuittingApp, steps: readonly ShutdownStep[], options: QuitOptions = {}): void {
  const stepTimeoutMs = options.stepTimeoutMs ?? 15_000;
  let phase: 'running' | 'stopping' | 'done' = 'running';
  app.on('before-quit', (event) => {
    if (phase === 'done') return;
    event.preventDefault();
    if (phase === 'stopping') return;
    phase = 'stopping';
    void (async () => {
      for (const step of steps) await runStep(step, stepTimeoutMs);
      phase = 'done';
      app.quit();
    })();
  });
}

async function runStep(step: ShutdownStep, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const overrun = new Promise<'overrun'>((resolve) => {
    timer = setTimeout(() => resolve('overrun'), timeoutMs);
  });
  try {
    const outcome = await Promise.race([Promise.resolve().then(() => step.run()), overrun]);
    if (outcome === 'overrun')
      console.warn(`quitting: ${step.name} took longer than ${timeoutMs} ms; going on without it`);
  } catch (error) {
    console.error(`quitting: ${step.name} failed:`, error);
  } finally {
    clearTimeout(timer);
  }
}
