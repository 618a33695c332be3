import fs from 'node:fs';
import path from 'node:path';

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

/** Lock files of one store: `publishing.lock`, then `publishing.lock.1`, `.2`, … as stale ones are taken over. */
function generationsOf(file: string): Map<number, string> {
  const dir = path.dirname(file);
  const base = path.basename(file);
  const found = new Map<number, string>();
  for (const name of fs.readdirSync(dir)) {
    if (name === base) found.set(0, path.join(dir, name));
    const generation = name.startsWith(`${base}.`) ? name.slice(base.length + 1) : '';
    if (/^[1-9]\d{0,8}$/.test(generation)) found.set(Number(generation), path.join(dir, name));
  }
  return found;
}

const generationFile = (file: string, generation: number): string =>
  generation === 0 ? file : `${file}.${generation}`;

/** The pid in a lock file, or null when it holds none (a file that is not ours, or one being removed). */
function holderOf(lockFile: string): number | null {
  try {
    const pid = Number(fs.readFileSync(lockFile, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * One host per store: a second host on the same data would see its writes fail with "database is locked"
 * half-way through. A lock file holds its owner's pid, and a lock left by a process that is gone (a crash,
 * kill -9) is taken over.
 *
 * Taking over must be safe when two hosts start at the same instant: removing the stale file and creating
 * a new one lets both succeed (one removes the other's fresh lock). So a stale lock is never removed to be
 * replaced; a takeover creates the next generation's file, which the file system lets only one process
 * create, and the newest generation is the lock. Each file appears whole, its pid already in it (written
 * aside and linked into place), so no one reads an empty lock and takes it for a stale one.
 */
export function lockStore(file: string): HeldLock {
  const draft = `${file}.${process.pid}.draft`;
  fs.writeFileSync(draft, String(process.pid), { mode: 0o600 });
  try {
    for (let attempt = 0; attempt < 8; attempt++) {
      const generations = generationsOf(file);
      const newest = Math.max(-1, ...generations.keys());
      const holder = newest >= 0 ? holderOf(generationFile(file, newest)) : null;
      if (holder !== null && holder !== process.pid && isAlive(holder)) {
        throw new Error(
          `another host (pid ${holder}) is using this data folder; stop it first or choose another --data`,
        );
      }
      const mine = generationFile(file, newest + 1);
      try {
        fs.linkSync(draft, mine);
      } catch (error) {
        // Another host took this generation first: look again at who holds the store.
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
        throw error;
      }
      // Older generations are stale by now; the newest is ours.
      for (const [generation, stale] of generations) if (generation <= newest) fs.rmSync(stale, { force: true });
      return { release: () => fs.rmSync(mine, { force: true }) };
    }
    throw new Error(`could not lock ${file}: other hosts keep taking it over`);
  } finally {
    fs.rmSync(draft, { force: true });
  }
}
