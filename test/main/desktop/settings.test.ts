import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { SETTINGS_FILE, openSettings } from '../../../src-main/desktop/settings';
import { DEFAULT_SETTINGS } from '../../../src-main/desktop/settings-schema';
import { tempDir } from '../host-helpers';

const quietly = <T>(run: () => T): T => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  try {
    return run();
  } finally {
    warn.mockRestore();
  }
};

describe('settings', () => {
  it('start from the defaults: loopback on, mention notifications on, not opened at login', () => {
    expect(openSettings(tempDir('settings')).get()).toEqual({
      loopback: { enabled: true, port: 8788, allowedOrigins: [] },
      notifyMentions: true,
      openAtLogin: false,
    });
  });

  it('are kept in a private JSON file and read back by the next start', async () => {
    const folder = tempDir('settings');
    const first = openSettings(folder);
    await first.update({ loopback: { port: 9999, allowedOrigins: ['http://localhost:5173'] }, notifyMentions: false });
    const file = path.join(folder, SETTINGS_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(openSettings(folder).get()).toEqual({
      loopback: { enabled: true, port: 9999, allowedOrigins: ['http://localhost:5173'] },
      notifyMentions: false,
      openAtLogin: false,
    });
  });

  it('keep the good fields of a damaged file and default only the bad ones', () => {
    const folder = tempDir('settings');
    fs.writeFileSync(
      path.join(folder, SETTINGS_FILE),
      JSON.stringify({
        loopback: { enabled: false, port: 'eighty', allowedOrigins: ['not an origin'] },
        notifyMentions: false,
        openAtLogin: 'sometimes',
      }),
    );
    expect(quietly(() => openSettings(folder).get())).toEqual({
      loopback: { enabled: false, port: 8788, allowedOrigins: [] },
      notifyMentions: false,
      openAtLogin: false,
    });
  });

  it('start from the defaults when the file is not JSON at all', () => {
    const folder = tempDir('settings');
    fs.writeFileSync(path.join(folder, SETTINGS_FILE), '{ half a file');
    expect(quietly(() => openSettings(folder).get())).toEqual(DEFAULT_SETTINGS);
  });

  it('keep a loopback field that a change names without a value', async () => {
    // IPC carries an explicit undefined, and the patch schema lets it through as "not changed".
    const folder = tempDir('settings');
    const settings = openSettings(folder);
    const next = await settings.update({
      loopback: { enabled: undefined, port: undefined, allowedOrigins: ['http://localhost:5173'] },
    });
    const expected = {
      ...DEFAULT_SETTINGS,
      loopback: { enabled: true, port: 8788, allowedOrigins: ['http://localhost:5173'] },
    };
    expect(next).toEqual(expected);
    expect(openSettings(folder).get()).toEqual(expected);
  });

  it('tell listeners about each change in turn, with the settings before it', async () => {
    const settings = openSettings(tempDir('settings'));
    const seen: string[] = [];
    settings.onChange(async (next, previous) => {
      seen.push(`start ${previous.loopback.port}->${next.loopback.port}`);
      // A listener that takes a turn of the event loop: a second change must wait for it.
      await new Promise((resolve) => setImmediate(resolve));
      seen.push(`end ${next.loopback.port}`);
    });
    const [a, b] = await Promise.all([
      settings.update({ loopback: { port: 2001 } }),
      settings.update({ loopback: { port: 2002 } }),
    ]);
    expect(a.loopback.port).toBe(2001);
    expect(b.loopback.port).toBe(2002);
    expect(seen).toEqual(['start 8788->2001', 'end 2001', 'start 2001->2002', 'end 2002']);
  });
});
