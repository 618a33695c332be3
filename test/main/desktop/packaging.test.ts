import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Configuration } from 'electron-builder';
import { describe, expect, it } from 'vitest';
import config from '../../../electron-builder.config';
import { APP_ID, PRODUCT_NAME } from '../../../src-main/desktop/app-identity';

const PROJECT = path.resolve(import.meta.dirname, '../../..');
const CONFIG_FILE = 'electron-builder.config.ts';

/**
 * electron-builder's own configuration loader and schema check, reached through electron-builder (whose
 * library they are), so the config is read exactly as `npm run dist` reads it. A real installer cannot be
 * built in a test: electron-builder downloads Electron for it.
 */
interface BuilderConfigApi {
  getConfig(projectDir: string, configPath: string | null, configFromOptions: null): Promise<Configuration>;
  validateConfiguration(
    config: Configuration,
    debugLogger: { isEnabled: boolean; add(key: string, value: unknown): void },
  ): Promise<void>;
}
const fromBuilder = createRequire(createRequire(import.meta.url).resolve('electron-builder'));
const builderConfig: BuilderConfigApi = fromBuilder('app-builder-lib/out/util/config/config');
const silent = { isEnabled: false, add: () => undefined };
/** As `npm run dist` reads it; a copy each time, because validation rewrites parts of what it checks. */
const loaded = async () => structuredClone(await builderConfig.getConfig(PROJECT, CONFIG_FILE, null));

const packageJson: Record<string, unknown> = JSON.parse(fs.readFileSync(path.join(PROJECT, 'package.json'), 'utf8'));

function pngSize(file: string): { width: number; height: number; colourType: number } {
  const header = fs.readFileSync(file).subarray(0, 26);
  expect(header.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  return { width: header.readUInt32BE(16), height: header.readUInt32BE(20), colourType: header[25] ?? -1 };
}

describe('the packaging configuration', () => {
  it("passes electron-builder's schema, as loaded by electron-builder", async () => {
    const read = await loaded();
    expect(read.appId).toBe(APP_ID);
    expect(read.productName).toBe(PRODUCT_NAME);
    await expect(builderConfig.validateConfiguration(read, silent)).resolves.toBeUndefined();
  });

  it('is checked for real: a misspelt option is refused', async () => {
    const read = await loaded();
    const misspelt = { ...read, linux: { ...read.linux, targets: ['AppImage'] } };
    await expect(builderConfig.validateConfiguration(misspelt, silent)).rejects.toThrow(/configuration\.linux/);
  });

  it('builds AppImage and deb on Linux, dmg on macOS, NSIS on Windows, each with the icon', () => {
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.mac.target).toEqual(['dmg']);
    expect(config.win.target).toEqual(['nsis']);
    for (const platform of [config.linux, config.mac, config.win]) {
      // macOS wants at least 512 px, Windows 256; a 1024 px RGBA source serves both.
      expect(pngSize(path.join(PROJECT, platform.icon))).toEqual({ width: 1024, height: 1024, colourType: 6 });
    }
  });

  it('packages the build output, and the app starts from where electron-vite writes it', () => {
    expect(config.files).toContain('out/**/*');
    expect(packageJson['main']).toBe('out/main/index.js');
    // The patterns that leave unused dependency files out name folders that exist.
    const platformFiles = [config.linux.files, config.mac.files, config.win.files].flat();
    for (const pattern of [...config.files, ...platformFiles].filter((entry) => entry.startsWith('!node_modules/'))) {
      const folder = pattern.slice(1).split('/').slice(0, 2).join('/');
      expect(fs.existsSync(path.join(PROJECT, folder)), pattern).toBe(true);
    }
  });

  it('has the metadata the installers need: deb needs a homepage and a maintainer with an email', () => {
    expect(packageJson).toMatchObject({
      name: 'publishing-desk',
      productName: PRODUCT_NAME,
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      description: expect.stringMatching(/\S/),
      homepage: expect.stringMatching(/^https:\/\//),
      author: { name: expect.stringMatching(/\S/), email: expect.stringMatching(/^[^@\s]+@[^@\s]+$/) },
    });
  });

  it('keeps Electron and the build tools out of the dependencies the installer carries', () => {
    const dependencies = Object.keys(packageJson['dependencies'] ?? {});
    for (const tool of ['electron', 'electron-builder', 'electron-vite', 'vite', 'node'])
      expect(dependencies).not.toContain(tool);
  });
});
