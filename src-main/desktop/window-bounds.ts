import path from 'node:path';
import { z } from 'zod';
import { readJsonFile, writeJsonFile } from '../store/json-file';

export const WINDOW_STATE_FILE = 'window-state.json';

export const MIN_WIDTH = 480;
export const MIN_HEIGHT = 360;
const DEFAULT_SIZE = { width: 1100, height: 760 };

const windowStateSchema = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().min(MIN_WIDTH).max(20_000),
  height: z.number().int().min(MIN_HEIGHT).max(20_000),
  maximized: z.boolean(),
});

export type WindowState = z.infer<typeof windowStateSchema>;

export interface Rectangle {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where the window opens: its remembered place, or a default size centred by Electron (no x and y). */
export type InitialBounds = { width: number; height: number; x?: number; y?: number; maximized: boolean };

/**
 * The remembered bounds, when they still fit: a window remembered on a screen that is no longer
 * attached would open out of sight, so it must overlap a display's work area by a usable amount.
 */
export function initialBounds(saved: WindowState | undefined, workAreas: readonly Rectangle[]): InitialBounds {
  if (saved === undefined) return { ...DEFAULT_SIZE, maximized: false };
  const visible = workAreas.some((area) => overlap(saved, area) >= 100 * 100);
  if (!visible) return { width: saved.width, height: saved.height, maximized: saved.maximized };
  return saved;
}

function overlap(a: Rectangle, b: Rectangle): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return width > 0 && height > 0 ? width * height : 0;
}

export function loadWindowState(folder: string): WindowState | undefined {
  return readJsonFile(path.join(folder, WINDOW_STATE_FILE), windowStateSchema);
}

export function saveWindowState(folder: string, state: WindowState): void {
  const parsed = windowStateSchema.safeParse(roundState(state));
  // A minimised or tiny window is not worth remembering; keep the last good bounds instead.
  if (parsed.success) writeJsonFile(path.join(folder, WINDOW_STATE_FILE), parsed.data);
}

function roundState(state: WindowState): WindowState {
  return {
    x: Math.round(state.x),
    y: Math.round(state.y),
    width: Math.round(state.width),
    height: Math.round(state.height),
    maximized: state.maximized,
  };
}

/** The parts of a BrowserWindow that remembering its bounds needs. */
export interface TrackedWindow {
  getNormalBounds(): Rectangle;
  isMaximized(): boolean;
  isMinimized(): boolean;
  on(event: 'resize' | 'move' | 'maximize' | 'unmaximize' | 'close', listener: () => void): unknown;
}

/**
 * Saves the bounds shortly after the person stops moving or resizing the window, and at once when it
 * closes: a crash then loses at most the last half second of moving.
 */
export function rememberBounds(window: TrackedWindow, folder: string, delayMs = 500): void {
  let timer: NodeJS.Timeout | undefined;
  const save = () => {
    clearTimeout(timer);
    timer = undefined;
    if (window.isMinimized()) return;
    saveWindowState(folder, { ...window.getNormalBounds(), maximized: window.isMaximized() });
  };
  const later = () => {
    clearTimeout(timer);
    timer = setTimeout(save, delayMs);
  };
  for (const event of ['resize', 'move', 'maximize', 'unmaximize'] as const) window.on(event, later);
  window.on('close', save);
}
