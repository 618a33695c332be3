import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { quitAfter, type QuittingApp } from '../../../src-main/desktop/quit';

/** Electron's app as far as quitting goes: quit() emits before-quit, and quits unless a listener prevents it. */
class FakeApp extends EventEmitter implements QuittingApp {
  quits = 0;
  quitted = false;
  quit(): void {
    this.quits++;
    const event = {
      defaultPrevented: false,
      preventDefault: () => {
        event.defaultPrevented = true;
      },
    };
    this.emit('before-quit', event);
    if (!event.defaultPrevented) this.quitted = true;
  }
}

function deferred() {
  let resolve = () => {};
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

afterEach(() => {
  vi.useRealTimers();
});

describe('quitting', () => {
  it('waits for each step in order, and quits only after the last one', async () => {
    const app = new FakeApp();
    const log: string[] = [];
    const background = deferred();
    quitAfter(app, [
      {
        name: 'background work',
        run: async () => {
          log.push('background: stopping');
          await background.promise;
          log.push('background: stopped');
        },
      },
      { name: 'store', run: () => void log.push('store: closed') },
    ]);

    app.quit();
    await settle();
    expect(app.quitted).toBe(false);
    expect(log).toEqual(['background: stopping']);

    background.resolve();
    await vi.waitFor(() => expect(app.quitted).toBe(true));
    expect(log).toEqual(['background: stopping', 'background: stopped', 'store: closed']);
  });

  it('ignores a second quit while the steps run, and runs them once', async () => {
    const app = new FakeApp();
    const gate = deferred();
    const runs = vi.fn(() => gate.promise);
    quitAfter(app, [{ name: 'background work', run: runs }]);
    app.quit();
    app.quit();
    await settle();
    expect(app.quitted).toBe(false);
    gate.resolve();
    await vi.waitFor(() => expect(app.quitted).toBe(true));
    expect(runs).toHaveBeenCalledTimes(1);
  });

  it('goes on after a step that fails, and after one that overruns its time', async () => {
    vi.useFakeTimers();
    const app = new FakeApp();
    const closed = vi.fn();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    quitAfter(
      app,
      [
        { name: 'failing', run: () => Promise.reject(new Error('boom')) },
        { name: 'stuck', run: () => new Promise<void>(() => undefined) },
        { name: 'store', run: closed },
      ],
      { stepTimeoutMs: 1000 },
    );
    app.quit();
    await vi.advanceTimersByTimeAsync(999);
    expect(closed).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(closed).toHaveBeenCalledTimes(1);
    expect(app.quitted).toBe(true);
    expect(errors).toHaveBeenCalledWith('quitting: failing failed:', expect.any(Error));
    expect(warnings).toHaveBeenCalledWith(expect.stringContaining('stuck took longer than 1000 ms'));
    errors.mockRestore();
    warnings.mockRestore();
  });
});
