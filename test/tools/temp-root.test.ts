import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import setup, { TEMP_ROOT_VARIABLE } from '../support/temp-root';

describe("the suites' temporary folder", () => {
  it('is one folder of this run, for the suites and for every process they start', () => {
    const root = process.env[TEMP_ROOT_VARIABLE];
    expect(root, 'the global setup names the run’s folder').toBeDefined();
    expect(path.basename(root ?? '')).toMatch(/^desk-tests-/);
    expect(os.tmpdir()).toBe(root);
    const childTmp = execFileSync(process.execPath, ['-e', 'process.stdout.write(require("node:os").tmpdir())']);
    expect(childTmp.toString()).toBe(root);
  });

  describe('the setup itself', () => {
    const saved = { TMPDIR: process.env['TMPDIR'], root: process.env[TEMP_ROOT_VARIABLE] };
    afterEach(() => {
      process.env['TMPDIR'] = saved.TMPDIR;
      process.env[TEMP_ROOT_VARIABLE] = saved.root;
    });

    it('removes the folder and all that was made in it when the run ends', () => {
      const teardown = setup();
      const root = os.tmpdir();
      expect(root).not.toBe(saved.root);
      const store = fs.mkdtempSync(path.join(os.tmpdir(), 'desk-test-'));
      fs.mkdirSync(path.join(store, 'db'));
      fs.writeFileSync(path.join(store, 'db', 'idb-x.sqlite'), 'bytes');
      teardown();
      expect(fs.existsSync(root)).toBe(false);
    });
  });
});
