/**
 * The conversion of a store the release before wrote (indexeddbshim) to the engine's files, at the bench's
 * size: `npx tsx test/bench/convert.ts [posts]` (20,000 by default). The store is written through the real
 * schema with the bench's corpus (corpus.ts) in a worker, then backed up and converted as a host's start does
 * (backups/convert-first.ts); reported: the backup's time, the conversion's, records a second, bytes on disk.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { firstAnswer, startTsWorker } from '../../src-main/archive/ts-worker';
import { convertWithBackupFirst } from '../../src-main/backups/convert-first';
import { backupPaths } from '../../src-main/backups/layout';
import { makeBackup } from '../../src-main/backups/make';
import type { LegacyWriterData, LegacyWriterMessage } from '../main/store/legacy-tables';

const posts = Number(process.argv[2] ?? 20_000);
const databaseName = 'publishing';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'desk-bench-convert-'));
const bytesIn = (folder: string) =>
  fs.readdirSync(folder).reduce((sum, file) => sum + fs.statSync(path.join(folder, file)).size, 0);
try {
  const data: LegacyWriterData = { dataDir, databaseName, token: 'bench-token-0123456789abcdef', corpus: posts };
  let started = performance.now();
  const said = await firstAnswer<LegacyWriterMessage>(
    startTsWorker(new URL('../main/store/legacy-writer.ts', import.meta.url), { workerData: data, heapMb: 2048 }),
  );
  if ('error' in said) throw new Error(said.error);
  const records = Object.values(said.tables).reduce((sum, rows) => sum + rows.length, 0);
  console.log(
    `store written by the release before: ${posts} posts, ${records} records in ${Object.keys(said.tables).length} tables, ${(bytesIn(path.join(dataDir, 'db')) / 1e6).toFixed(1)} MB (${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );

  const paths = backupPaths(dataDir);
  started = performance.now();
  const backup = await makeBackup(paths, { reason: 'before-upgrade', databaseName, now: new Date() });
  if (!backup.good) throw new Error(backup.problem);
  const backupMs = performance.now() - started;
  console.log(`backup first: ${(backupMs / 1000).toFixed(1)} s`);
  // The conversion as a start runs it, with the backup just made (as a resumed conversion finds it).
  fs.mkdirSync(path.join(paths.dbDir, '.converting'));
  fs.writeFileSync(path.join(paths.dbDir, '.converting', 'backup-made-first'), backup.name);
  const lines: string[] = [];
  const converted = await convertWithBackupFirst(paths, {
    databaseName,
    now: new Date(),
    log: (line) => lines.push(line),
  });
  if (!converted) throw new Error('nothing was converted');
  const seconds = converted.ms / 1000;
  console.log(
    `conversion: ${converted.records} records in ${seconds.toFixed(1)} s = ${Math.round(converted.records / seconds)} records/s (${Math.round(posts / seconds)} posts/s); ${lines.length} log lines`,
  );
  console.log(`on disk after: ${(bytesIn(paths.dbDir) / 1e6).toFixed(1)} MB`);
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
