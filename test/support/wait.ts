import { vi } from 'vitest';

/**
 * Waits until the wall clock shows a later whole second than when it was called: versions stamped by the
 * second (an edit's update time, a post's publication time) are told apart only then.
 */
export async function nextSecond(): Promise<void> {
  const second = Math.floor(Date.now() / 1000);
  await vi.waitFor(
    () => {
      if (Math.floor(Date.now() / 1000) <= second) throw new Error(`still in second ${second}`);
    },
    { timeout: 2_000, interval: 10 },
  );
}
