import { z } from 'zod';
import type { DeskBridge, DeskCommand, DeskWindow } from '../../src-main/desktop/bridge-types';

/**
 * The desktop window's `window.desk` (src-main/desktop/bridge-types.ts), or null in a plain browser. Its
 * commands come from another process, so each one is parsed before the page acts on it.
 */
export function deskBridge(): DeskBridge | null {
  // Whatever the preload script put there, or nothing: its type is what it should be, not what it is.
  const candidate: unknown = (globalThis as DeskWindow).desk;
  if (typeof candidate !== 'object' || candidate === null) return null;
  const bridge = candidate as Partial<DeskBridge>;
  return typeof bridge.onCommand === 'function' && typeof bridge.syncNow === 'function' ? (bridge as DeskBridge) : null;
}

const position = z.lazy(() =>
  z.union([1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => z.literal(n)) as [z.ZodLiteral<1>, ...z.ZodLiteral<number>[]]),
);

export const deskCommand = z.lazy(() =>
  z.discriminatedUnion('command', [
    z.object({ command: z.literal('new-post') }),
    z.object({ command: z.literal('search') }),
    z.object({ command: z.literal('switch-persona'), position }),
    z.object({ command: z.literal('preferences') }),
    z.object({ command: z.literal('show-mentions') }),
  ]),
);

/** A command from the bridge, or null when it is not one this page knows. */
export function parseDeskCommand(value: unknown): DeskCommand | null {
  const parsed = deskCommand.safeParse(value);
  return parsed.success ? (parsed.data as DeskCommand) : null;
}
