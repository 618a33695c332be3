import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { DeskCommand } from '../../../src-main/desktop/commands';
import { menuTemplate, type DeskMenuItem, type MenuActions } from '../../../src-main/desktop/menu';
import { createMentionNotifier, type Notifier } from '../../../src-main/desktop/notify-mentions';
import { AUTOSTART_FILE, applyOpenAtLogin, autostartEntry } from '../../../src-main/desktop/open-at-login';
import { createUnsentIndicator, unsentDotBitmap } from '../../../src-main/desktop/unsent-indicator';
import { tempDir } from '../host-helpers';

function items(template: readonly DeskMenuItem[]): DeskMenuItem[] {
  return template.flatMap((item) => [item, ...items(item.submenu ?? [])]);
}

function menuFor(platform: NodeJS.Platform) {
  const sent: DeskCommand[] = [];
  const actions = {
    send: (command: DeskCommand) => void sent.push(command),
    syncNow: vi.fn(),
    copyOwnerToken: vi.fn(),
  } satisfies MenuActions;
  const all = items(menuTemplate(actions, { platform, appName: 'Publishing Desk', development: false }));
  const press = (accelerator: string) => {
    const matching = all.filter((item) => item.accelerator === accelerator);
    expect(matching, accelerator).toHaveLength(1);
    matching[0]?.click?.();
  };
  return { sent, actions, all, press };
}

describe('the application menu', () => {
  it.each(['linux', 'win32', 'darwin'] as const)('sends the interface its shortcuts on %s', (platform) => {
    const { sent, actions, press } = menuFor(platform);
    press('CmdOrCtrl+N');
    press('CmdOrCtrl+F');
    press('CmdOrCtrl+1');
    press('CmdOrCtrl+9');
    press('CmdOrCtrl+,');
    expect(sent).toEqual([
      { command: 'new-post' },
      { command: 'search' },
      { command: 'switch-persona', position: 1 },
      { command: 'switch-persona', position: 9 },
      { command: 'preferences' },
    ]);
    press('CmdOrCtrl+Shift+R');
    expect(actions.syncNow).toHaveBeenCalledTimes(1);
  });

  it('offers a Persona for each of the first nine positions, and nothing for reloading in a built app', () => {
    const { all } = menuFor('linux');
    expect(all.filter((item) => item.label?.startsWith('Persona ')).map((item) => item.accelerator)).toEqual(
      [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => `CmdOrCtrl+${n}`),
    );
    expect(all.some((item) => item.role === 'reload' || item.role === 'toggleDevTools')).toBe(false);
    const development = items(
      menuTemplate(
        { send: vi.fn(), syncNow: vi.fn(), copyOwnerToken: vi.fn() },
        { platform: 'linux', appName: 'x', development: true },
      ),
    );
    expect(development.some((item) => item.role === 'toggleDevTools')).toBe(true);
  });

  it('has no two items on one shortcut', () => {
    for (const platform of ['linux', 'darwin'] as const) {
      const accelerators = menuFor(platform).all.flatMap((item) => (item.accelerator ? [item.accelerator] : []));
      expect(new Set(accelerators).size, platform).toBe(accelerators.length);
    }
  });
});

describe('mention notifications', () => {
  function notifier(supported = true) {
    const shown: { title: string; body: string }[] = [];
    let click = () => {};
    const fake: Notifier = {
      isSupported: () => supported,
      show: (message, onClick) => {
        shown.push(message);
        click = onClick;
      },
    };
    return { fake, shown, click: () => click() };
  }

  it('tell the person about new mentions and open them on click', () => {
    const { fake, shown, click } = notifier();
    const opened = vi.fn();
    const notify = createMentionNotifier({ enabled: () => true, notifier: fake, onClick: opened });
    notify(1);
    notify(3);
    expect(shown).toEqual([
      { title: 'New mentions', body: 'You were mentioned in a new post.' },
      { title: 'New mentions', body: 'You were mentioned in 3 new posts.' },
    ]);
    click();
    expect(opened).toHaveBeenCalledTimes(1);
  });

  it('stay silent when turned off, when nothing is new, and where the system has none', () => {
    let enabled = false;
    const { fake, shown } = notifier();
    const notify = createMentionNotifier({ enabled: () => enabled, notifier: fake, onClick: vi.fn() });
    notify(2);
    enabled = true;
    notify(0);
    notify(-1);
    notify(Number.NaN);
    expect(shown).toEqual([]);
    const unsupported = notifier(false);
    createMentionNotifier({ enabled: () => true, notifier: unsupported.fake, onClick: vi.fn() })(5);
    expect(unsupported.shown).toEqual([]);
  });
});

describe('the unsent-posts indicator', () => {
  it('puts the count on the badge, and clears it at zero', () => {
    const badge = vi.fn(() => true);
    const set = createUnsentIndicator({
      platform: 'darwin',
      setBadgeCount: badge,
      window: () => undefined,
      overlayIcon: vi.fn(),
    });
    set(4);
    set(0);
    set(-2);
    expect(badge.mock.calls).toEqual([[4], [0], [0]]);
  });

  it('shows an overlay on the Windows taskbar while posts wait', () => {
    const overlay = vi.fn();
    const icon = Symbol('icon');
    const set = createUnsentIndicator({
      platform: 'win32',
      setBadgeCount: () => false,
      window: () => ({ setOverlayIcon: overlay }),
      overlayIcon: () => icon,
    });
    set(2);
    set(0);
    expect(overlay.mock.calls).toEqual([
      [icon, '2 posts not sent yet'],
      [null, '0 posts not sent yet'],
    ]);
  });

  it('draws a round dot: opaque in the middle, clear in the corners', () => {
    const bitmap = unsentDotBitmap(16);
    expect(bitmap).toHaveLength(16 * 16 * 4);
    const alpha = (x: number, y: number) => bitmap[(y * 16 + x) * 4 + 3];
    expect(alpha(8, 8)).toBe(255);
    expect(alpha(0, 0)).toBe(0);
    expect(alpha(15, 15)).toBe(0);
  });
});

describe('open at login', () => {
  it('uses the login items of macOS and Windows', () => {
    const setLoginItemSettings = vi.fn();
    applyOpenAtLogin(true, {
      platform: 'darwin',
      setLoginItemSettings,
      command: ['/Applications/Publishing Desk.app/Contents/MacOS/Publishing Desk'],
    });
    applyOpenAtLogin(false, { platform: 'win32', setLoginItemSettings, command: ['C:\\Desk\\Publishing Desk.exe'] });
    expect(setLoginItemSettings.mock.calls).toEqual([
      [{ openAtLogin: true }],
      [{ openAtLogin: false, path: 'C:\\Desk\\Publishing Desk.exe', args: [] }],
    ]);
  });

  it('writes and removes an XDG autostart entry on Linux', () => {
    const autostartDir = path.join(tempDir('autostart'), 'autostart');
    const setLoginItemSettings = vi.fn();
    const command = ['/home/me/Apps/Publishing Desk.AppImage'] as const;
    applyOpenAtLogin(true, { platform: 'linux', setLoginItemSettings, command, autostartDir });
    const entry = fs.readFileSync(path.join(autostartDir, AUTOSTART_FILE), 'utf8');
    expect(entry).toContain('[Desktop Entry]');
    expect(entry).toContain('Exec="/home/me/Apps/Publishing Desk.AppImage"');
    applyOpenAtLogin(false, { platform: 'linux', setLoginItemSettings, command, autostartDir });
    expect(fs.existsSync(path.join(autostartDir, AUTOSTART_FILE))).toBe(false);
    expect(setLoginItemSettings).not.toHaveBeenCalled();
  });

  it('quotes what a desktop entry would otherwise read as syntax', () => {
    expect(autostartEntry(['/opt/a "b"/$HOME`x`\\run'])).toContain('Exec="/opt/a \\"b\\"/\\$HOME\\`x\\`\\\\run"');
  });
});
