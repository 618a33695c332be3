import fs from 'node:fs';
import path from 'node:path';
import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  WINDOW_STATE_FILE,
  initialBounds,
  loadWindowState,
  rememberBounds,
  type Rectangle,
  type TrackedWindow,
} from '../../../src-main/desktop/window-bounds';
import { tempDir } from '../host-helpers';

const SCREEN: Rectangle = { x: 0, y: 0, width: 1920, height: 1080 };

class FakeWindow extends EventEmitter implements TrackedWindow {
  bounds: Rectangle = { x: 100, y: 80, width: 1200, height: 800 };
  maximized = false;
  minimized = false;
  getNormalBounds = () => this.bounds;
  isMaximized = () => this.maximized;
  isMinimized = () => this.minimized;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('window bounds', () => {
  it('are saved when the window closes and used by the next window', () => {
    const folder = tempDir('bounds');
    const window = new FakeWindow();
    rememberBounds(window, folder);
    window.maximized = true;
    window.emit('close');
    const saved = loadWindowState(folder);
    expect(saved).toEqual({ x: 100, y: 80, width: 1200, height: 800, maximized: true });
    expect(initialBounds(saved, [SCREEN])).toEqual({ x: 100, y: 80, width: 1200, height: 800, maximized: true });
  });

  it('are saved shortly after moving stops, so a crash does not lose them', async () => {
    vi.useFakeTimers();
    const folder = tempDir('bounds');
    const window = new FakeWindow();
    rememberBounds(window, folder, 500);
    window.bounds = { x: 300, y: 200, width: 900, height: 700 };
    window.emit('move');
    await vi.advanceTimersByTimeAsync(400);
    window.emit('resize');
    await vi.advanceTimersByTimeAsync(400);
    expect(fs.existsSync(path.join(folder, WINDOW_STATE_FILE))).toBe(false);
    await vi.advanceTimersByTimeAsync(100);
    expect(loadWindowState(folder)).toEqual({ x: 300, y: 200, width: 900, height: 700, maximized: false });
  });

  it('are not taken from a minimised window', () => {
    const folder = tempDir('bounds');
    const window = new FakeWindow();
    rememberBounds(window, folder);
    window.minimized = true;
    window.emit('close');
    expect(loadWindowState(folder)).toBeUndefined();
  });

  it('open a first window at a default size that Electron centres', () => {
    expect(initialBounds(undefined, [SCREEN])).toEqual({ width: 1100, height: 760, maximized: false });
  });

  it('keep the size but not the place when that place is on no attached screen', () => {
    const offScreen = { x: 4000, y: 100, width: 1000, height: 700, maximized: false };
    expect(initialBounds(offScreen, [SCREEN])).toEqual({ width: 1000, height: 700, maximized: false });
    // A second screen to the right makes the same place visible again.
    expect(initialBounds(offScreen, [SCREEN, { x: 1920, y: 0, width: 2560, height: 1440 }])).toEqual(offScreen);
  });

  it('ignore a file a person or an older version left damaged', () => {
    const folder = tempDir('bounds');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fs.writeFileSync(
      path.join(folder, WINDOW_STATE_FILE),
      JSON.stringify({ x: 0, y: 0, width: 10, height: 10, maximized: false }),
    );
    expect(loadWindowState(folder)).toBeUndefined();
    fs.writeFileSync(path.join(folder, WINDOW_STATE_FILE), 'not json');
    expect(loadWindowState(folder)).toBeUndefined();
    warn.mockRestore();
  });
});
