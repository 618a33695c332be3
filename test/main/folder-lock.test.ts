import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockStore } from '../../src-main/host/folder-lock';
import { tempDir } from './host-helpers';

describe('one host per store', () => {
  it('refuses a second holder while the first is alive, and frees the lock on release', () => {
    const file = path.join(tempDir('desk-lock'), 'publishing.lock');
    const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      fs.writeFileSync(file, String(sleeper.pid));
      expect(() => lockStore(file)).toThrow(`another host (pid ${sleeper.pid}) is using this data folder`);
    } finally {
      sleeper.kill('SIGKILL');
    }
  });

  it('takes over a lock left by a process that is gone (a crash or kill -9)', async () => {
    const file = path.join(tempDir('desk-lock'), 'publishing.lock');
    const gone = spawn(process.execPath, ['-e', '0']);
    await new Promise((resolve) => gone.once('exit', resolve));
    fs.writeFileSync(file, String(gone.pid));
    const lock = lockStore(file);
    expect(fs.readFileSync(file, 'utf8')).toBe(String(process.pid));
    lock.release();
    expect(fs.existsSync(file)).toBe(false);
  });
});
