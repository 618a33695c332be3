import { describe, expect, it, vi } from 'vitest';
import type * as zod from 'zod';

/** How many schemas zod's factories (`z.object`, `z.string`, …) have made, but for `z.lazy`'s stand-ins. */
const made = vi.hoisted(() => ({ count: 0 }));

vi.mock('zod', async (original) => {
  const actual = await original<typeof zod>();
  const counted = (factory: (...args: unknown[]) => unknown) =>
    function (this: unknown, ...args: unknown[]) {
      made.count += 1;
      return factory.apply(this, args);
    };
  const z = Object.fromEntries(
    Object.entries(actual.z).map(([name, value]) => [
      name,
      // Factories are spelt in lower case; the classes (ZodObject, ZodError) stay as they are, for instanceof.
      /^[a-z]/.test(name) && name !== 'lazy' && typeof value === 'function'
        ? counted(value as (...args: unknown[]) => unknown)
        : value,
    ]),
  );
  return { ...actual, z };
});

describe("the api's schemas", () => {
  it('are not built as the modules the page loads first are evaluated, only when a route or reader is used', async () => {
    const { routes } = await import('../../../src-shared/api/routes');
    await import('../../../src-shared/client/desk-client');
    await import('../../../src-shared/client/instance-client');
    await import('../../../src-shared/client/legacy-client');
    await import('../../../src-shared/client/event-stream');
    await import('../../../src-shared/api/events');
    await import('../../../src-renderer/api/bridge');
    await import('../../../src-renderer/api/saved-session');
    await import('../../../src-renderer/state/seen-mark');
    expect(made.count).toBe(0);

    const read = routes.globalTimeline.input.safeParse({ count: '5', types: 'post.note,post.article' });
    expect(read.data).toMatchObject({ count: 5, types: ['post.note', 'post.article'] });
    expect(routes.globalTimeline.input.safeParse({ count: '0' }).success).toBe(false);
    expect(made.count).toBeGreaterThan(0);
  });
});
