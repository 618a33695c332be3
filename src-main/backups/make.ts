import fs from 'node:fs';
import path from 'node:path';
import type { BackupReason } from '../../src-shared/api/backups';
import { SOFTWARE } from '../../src-shared/api/about';
import { DAMAGED_FILE, MAKING_PREFIX, nameFor, type BackupPaths } from './layout';
import { writeManifest, type BackupManifest } from './manifest';
import { copyOnline, isStoreFile, storedSchemaVersion } from '../store/sqlite-files';
import { checkFully, messageOf, sha256Of } from './verify';

export type Made = { name: string; good: true } | { name: string; good: false; problem: string };

/**
 * Backs up the store in `db/`, whether or not a host has it open: each SQLite file copied with SQLite's
 * online backup (sqlite-files.ts) into a folder named for now and `reason`, with a manifest, then checked
 * in full (verify.ts).
 *
 * The folder is made under a temporary name and renamed when complete, so a backup cut short (a crash, a
 * full disk) never lists as one; the next backup clears such leftovers. A copy that fails its check is
 * kept, renamed all the same and marked damaged with the reason: it lists as damaged, so the failure is
 * seen where backups are looked at and survives a restart, and it is never restored nor counted as one of
 * the backups kept (prune.ts removes it with the good ones older than it).
 */
export async function makeBackup(
  paths: BackupPaths,
  options: { reason: BackupReason; databaseName: string; now: Date },
): Promise<Made> {
  fs.mkdirSync(paths.backupsDir, { recursive: true, mode: 0o700 });
  clearLeftovers(paths.backupsDir);
  const name = nameFor(options.now, options.reason);
  const making = path.join(paths.backupsDir, `${MAKING_PREFIX}${name}`);
  const final = path.join(paths.backupsDir, name);
  if (fs.existsSync(final)) throw new Error(`a backup called ${name} already exists`);
  fs.mkdirSync(making, { mode: 0o700 });
  try {
    const sources = fs.readdirSync(paths.dbDir).filter(isStoreFile).sort();
    if (sources.length === 0) throw new Error(`${paths.dbDir} holds no store to back up`);
    await copyOnline(
      sources.map((file) => path.join(paths.dbDir, file)),
      making,
    );
    const files: BackupManifest['files'] = [];
    for (const file of sources) {
      const at = path.join(making, file);
      const stat = fs.statSync(at);
      files.push({ name: file, size: stat.size, sha256: await sha256Of(at), mtime_ms: stat.mtimeMs });
    }
    writeManifest(making, {
      format: 1,
      made_at: options.now.toISOString(),
      reason: options.reason,
      schema_version: storedSchemaVersion(making, options.databaseName),
      app_version: SOFTWARE.version,
      files,
    });
    const checked = await checkFully(making, options.databaseName, { justHashed: true });
    if (!checked.good) fs.writeFileSync(path.join(making, DAMAGED_FILE), `${checked.problem}\n`, { mode: 0o600 });
    fs.renameSync(making, final);
    return checked.good ? { name, good: true } : { name, good: false, problem: checked.problem };
  } catch (error) {
    fs.rmSync(making, { recursive: true, force: true });
    throw new Error(`could not back up the store: ${messageOf(error)}`, { cause: error });
  }
}

/** Backups cut short by a crash: never complete, never listed, removed before the next one is made. */
function clearLeftovers(backupsDir: string): void {
  for (const entry of fs.readdirSync(backupsDir)) {
    if (entry.startsWith(MAKING_PREFIX)) fs.rmSync(path.join(backupsDir, entry), { recursive: true, force: true });
  }
}
