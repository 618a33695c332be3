import fs from 'node:fs';
import path from 'node:path';
import { backupPaths } from '../../src-main/backups/layout';
import { listBackups } from '../../src-main/backups/list';
import { makeBackup } from '../../src-main/backups/make';
import { backupsToRemove, removeBackups } from '../../src-main/backups/prune';
import { DEFAULT_BACKUP_SETTINGS } from '../../src-main/backups/settings';

/** Daily backups in the series, and notes written over HTTP before each: a day of light use. */
const BACKUPS = Number(process.env['BENCH_BACKUPS'] ?? 7);
const WRITES_BETWEEN = 300;

/**
 * A week of daily backups of the running host's store, made as the schedule makes them (make.ts, then
 * pruning to the default number kept), with a few hundred notes written over HTTP before each: how long
 * each took, and how much the backups folder holds on disk after each, against the store's own size.
 */
export async function benchBackupSeries(
  url: string,
  token: string,
  dataDir: string,
  report: (line: string) => void,
): Promise<void> {
  const paths = backupPaths(dataDir);
  const headers = { authorization: token, 'content-type': 'application/json' };
  // The host makes its first daily backup a minute after it starts. The series waits for it, so that the
  // host's schedule is idle for a day and no two backups of the folder are made at once.
  const waitUntil = Date.now() + 180_000;
  while (!(await hostHasBackedUp(url, token))) {
    if (Date.now() > waitUntil) throw new Error('the host made no backup within 3 minutes of starting');
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const before = bytesOnDisk(paths.backupsDir);
  const day = 86_400_000;
  const start = Date.now();
  const steps: string[] = [];
  for (let i = 0; i < BACKUPS; i++) {
    for (let w = 0; w < WRITES_BETWEEN; w++) {
      const write = await fetch(`${url}/api/posts/write`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ content: `Day ${i}, note ${w} of the backup series`, post_type: 'post.note' }),
      });
      await write.arrayBuffer();
      if (write.status !== 200) throw new Error(`a write failed: ${write.status}`);
    }
    const started = performance.now();
    const made = await makeBackup(paths, {
      reason: 'daily',
      databaseName: 'publishing',
      now: new Date(start + i * day),
    });
    removeBackups(paths, backupsToRemove(await listBackups(paths), DEFAULT_BACKUP_SETTINGS.keep));
    const seconds = (performance.now() - started) / 1000;
    if (!made.good) throw new Error(`backup ${made.name} is damaged: ${made.problem}`);
    steps.push(`${seconds.toFixed(1)} s → ${mb(bytesOnDisk(paths.backupsDir))}`);
  }
  report(
    `${BACKUPS} daily backups with ${WRITES_BETWEEN} notes written before each, store ${mb(bytesOnDisk(paths.dbDir))}, ` +
      `the backups folder ${mb(before)} before them (the host's own first backup): ` +
      `each backup's time → the backups folder on disk after it: ${steps.join(', ')}`,
  );
}

/** Whether the host's schedule has made its first backup and is done with it. */
async function hostHasBackedUp(url: string, token: string): Promise<boolean> {
  const response = await fetch(`${url}/api/backups`, { headers: { authorization: token } });
  const body = (await response.json()) as { data?: { backups?: unknown[]; next_at?: string | null } };
  return (body.data?.backups?.length ?? 0) > 0 && typeof body.data?.next_at === 'string';
}

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

/** What a folder takes on disk (allocated blocks, as du counts them), every file under it. */
function bytesOnDisk(folder: string): number {
  let total = 0;
  for (const entry of fs.readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += fs.statSync(path.join(entry.parentPath, entry.name)).blocks * 512;
  }
  return total;
}
