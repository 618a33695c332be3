import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockStore } from '../../src-main/store/folder-lock';
import { tempDir } from './host-helpers';

const LOCK_MODULE = path.resolve('src-main/store/folder-lock.ts');

async function pidOfGoneProcess(): Promise<number> {
  const gone = spawn(process.execPath, ['-e', '0']);
  await new Promise((resolve) => gone.once('exit', resolve));
  return gone.pid ?? 0;
}

const lockFilesIn = (dir: string): string[] =>
  fs
    .readdirSync(dir)
    .filter((name) => name.startsWith('publishing.lock'))
    .sort();

/**
 * A host process that waits for the given instant, tries to lock, says whether it holds the store, and
 * holds it until told to stop.
 */
function contender(file: string, startAt: number): Promise<{ held: boolean; stop: () => void }> {
  const script = `
    import { lockStore } from ${JSON.stringify(LOCK_MODULE)};
    while (Date.now() < ${startAt}) {}
    try { lockStore(${JSON.stringify(file)}); console.log('held'); } catch { console.log('refused'); }
    process.stdin.resume();
    process.stdin.on('end', () => process.exit(0));`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.stdout.once('data', (data: Buffer) =>
      resolve({ held: data.toString().trim() === 'held', stop: () => child.stdin.end() }),
    );
  });
}

describe('one host per store', () => {
  it('refuses a second holder while the first is alive, and frees the lock on release', () => {
    const file = path.join(tempDir('desk-lock'), 'publishing.lock');
    const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      fs.writeFileSync(file, String(sleeper.pid));
      expect(() => lockStore(file)).toThrow(`another host (pid ${sleeper.pid}) is using this data folder`);
      expect(lockFilesIn(path.dirname(file))).toEqual(['publishing.lock']);
    } finally {
      sleeper.kill('SIGKILL');
    }
  });

  it('takes over a lock left by a process that is gone (a crash or kill -9), and removes it', async () => {
    const dir = tempDir('desk-lock');
    const file = path.join(dir, 'publishing.lock');
    fs.writeFileSync(file, String(await pidOfGoneProcess()));
    const lock = lockStore(file);
    expect(lockFilesIn(dir)).toEqual(['publishing.lock.1']);
    expect(fs.readFileSync(`${file}.1`, 'utf8')).toBe(String(process.pid));
    lock.release();
  });

  it('takes a free store, and leaves nothing behind on release', () => {
    const dir = tempDir('desk-lock');
    const lock = lockStore(path.join(dir, 'publishing.lock'));
    expect(lockFilesIn(dir)).toEqual(['publishing.lock']);
    lock.release();
    expect(lockFilesIn(dir)).toEqual([]);
  });

  it('lets exactly one of several hosts starting at the same instant take over a stale lock', async () => {
    // Each round: a stale lock, four hosts released at one instant. Removing and re-creating the lock let
    // two of them in about once in 40 pairs.
    for (let round = 0; round < 6; round++) {
      const dir = tempDir('desk-lock');
      const file = path.join(dir, 'publishing.lock');
      fs.writeFileSync(file, String(await pidOfGoneProcess()));
      const startAt = Date.now() + 1_500;
      const hosts = await Promise.all(Array.from({ length: 4 }, () => contender(file, startAt)));
      try {
        expect(hosts.filter((host) => host.held)).toHaveLength(1);
      } finally {
        for (const host of hosts) host.stop();
      }
    }
  }, 120_000);
});
