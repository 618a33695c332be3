import { promisify } from 'node:util';

const INSTALLED = Symbol.for('publishing-desk.prompt-zero-delay-timers');

/**
 * Makes `setTimeout(fn)` and `setTimeout(fn, 0)` run at the next turn of the event loop (as `setImmediate`)
 * instead of after Node's 1 ms floor; real delays are untouched, and `clearTimeout` cancels either kind.
 *
 * Why: indexeddbshim starts every transaction, and dispatches some events, with `setTimeout(..., 0)` — the
 * browser idiom for "after the current script". In Node each costs at least 1 ms of idle waiting, which was
 * most of a small transaction (measured: 1.7 ms for a transaction with one read, 0.4 ms with this).
 * The shim reads the global at call time, so the global is what must change. Node already runs zero-delay
 * timeouts and immediates in no guaranteed order relative to each other, so no correct code can tell.
 * Idempotent: later calls find it installed and do nothing.
 */
export function promptZeroDelayTimers(): void {
  const global = globalThis as typeof globalThis & { [INSTALLED]?: true };
  if (global[INSTALLED]) return;
  global[INSTALLED] = true;

  const delayed = globalThis.setTimeout;
  const cancelDelayed = globalThis.clearTimeout;
  const immediates = new WeakSet<object>();

  const setTimeoutPrompt = (callback: unknown, delay?: unknown, ...args: unknown[]) => {
    if (typeof callback === 'function' && !(Number(delay) > 0)) {
      const immediate = setImmediate(callback as (...a: unknown[]) => void, ...args);
      immediates.add(immediate);
      return immediate;
    }
    return delayed(callback as () => void, delay as number, ...args);
  };
  // `util.promisify(setTimeout)` looks for this on the function itself.
  Object.defineProperty(setTimeoutPrompt, promisify.custom, { value: promisify(delayed) });
  globalThis.setTimeout = setTimeoutPrompt as unknown as typeof setTimeout;

  globalThis.clearTimeout = (handle: unknown) => {
    if (typeof handle === 'object' && handle !== null && immediates.has(handle)) {
      clearImmediate(handle as NodeJS.Immediate);
      return;
    }
    cancelDelayed(handle as NodeJS.Timeout);
  };
}
