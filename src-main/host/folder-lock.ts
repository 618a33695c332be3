import fs from 'node:fs';

export interface HeldLock {
  release(): void;
}

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * One host per store: a second host on the same data would see its writes fail with "database is locked"
 * half-way through. The lock file holds the owner's pid; a lock left by a process that is gone (a crash,
 * kill -9) is taken over.
 */
export function lockStore(file: string): HeldLock {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx', mode: 0o600 });
      return { release: () => fs.rmSync(file, { force: true }) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(fs.readFileSync(file, 'utf8').trim());
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
        throw new Error(`another host (pid ${holder}) is using this data folder; stop it first or choose another --data`, {
          cause: error,
        });
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`could not lock ${file}`);
}
