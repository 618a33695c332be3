import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { promptZeroDelayTimers } from '../../src-main/store/prompt-timers';

describe('zero-delay timers run promptly', () => {
  beforeAll(() => promptZeroDelayTimers());

  const elapsedFor = async (schedule: (done: () => void) => void) => {
    const started = performance.now();
    await new Promise<void>((resolve) => schedule(resolve));
    return performance.now() - started;
  };

  it('runs setTimeout(fn, 0) and setTimeout(fn) without the 1 ms floor, passing arguments', async () => {
    // 200 chained timers: at Node's 1 ms floor they take 200 ms or more.
    const chained = await elapsedFor((done) => {
      let left = 200;
      const step = () => (--left === 0 ? done() : setTimeout(step, 0));
      setTimeout(step);
    });
    expect(chained).toBeLessThan(150);
    const seen = await new Promise((resolve) => setTimeout((a: number, b: string) => resolve([a, b]), 0, 1, 'two'));
    expect(seen).toEqual([1, 'two']);
  });

  it('lets clearTimeout cancel a zero-delay timer', async () => {
    let ran = false;
    const handle = setTimeout(() => (ran = true), 0);
    clearTimeout(handle);
    // Timers are what is tested: one due later has run, so the cancelled one would have run by now.
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(ran).toBe(false);
  });

  it('keeps real delays as they were', async () => {
    const waited = await elapsedFor((done) => setTimeout(done, 30));
    expect(waited).toBeGreaterThanOrEqual(29);
    let ran = false;
    const handle = setTimeout(() => (ran = true), 10);
    clearTimeout(handle);
    // Timers are what is tested: one due later has run, so the cancelled one would have run by now.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(ran).toBe(false);
  });

  it('keeps util.promisify(setTimeout) waiting for real', async () => {
    const started = performance.now();
    expect(await promisify(setTimeout)(20, 'value')).toBe('value');
    expect(performance.now() - started).toBeGreaterThanOrEqual(19);
  });

  it('is installed once however often it is asked for', async () => {
    const patched = globalThis.setTimeout;
    promptZeroDelayTimers();
    expect(globalThis.setTimeout).toBe(patched);
    let ran = false;
    clearTimeout(setTimeout(() => (ran = true)));
    // Timers are what is tested: one due later has run, so the cancelled one would have run by now.
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(ran).toBe(false);
  });
});
