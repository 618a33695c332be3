import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHECK_HEAP_MB } from '../../src-main/archive/check-file';
import { ARCHIVE_LIMITS } from '../../src-shared/archive/archive-source';
import { archiveOfPosts } from './archive-at-limit';

/** One of the archive commands as a person runs it (`npm run export` / `npm run import`, same Node flags). */
async function runCommand(
  script: string,
  args: readonly string[],
): Promise<{ seconds: number; peakMb: number | null }> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ['--max-old-space-size=192', '--max-semi-space-size=16', '--import', 'tsx', script, ...args],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  // VmHWM is the process's high-water mark: the last reading before it exits is its peak.
  const peak = { kb: 0 };
  const sample = setInterval(() => {
    try {
      const kb = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1];
      if (kb !== undefined) peak.kb = Math.max(peak.kb, Number(kb));
    } catch {
      // Gone already, or no /proc here: the figure reads "?".
    }
  }, 50);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearInterval(sample);
  if (code !== 0) throw new Error(`${path.basename(script)} ${args.join(' ')} failed (${code}): ${stderr}`);
  return { seconds: (performance.now() - started) / 1000, peakMb: peak.kb === 0 ? null : Math.round(peak.kb / 1024) };
}

/**
 * Export of the bench's store while its host runs and writes (`npm run export`: an online copy, then the
 * archive made from it) and a restore of that archive into a new data folder (`npm run import`): seconds,
 * peak RSS of each command and the archive's size; then the check of an archive as large as a restore takes.
 */
export async function benchArchive(dataDir: string, report: (line: string) => void): Promise<void> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'desk-bench-archive-'));
  try {
    const archive = path.join(work, 'instance.zip');
    const exported = await runCommand('src-main/commands/export-command.ts', ['--data', dataDir, '--out', archive]);
    const megabytes = (fs.statSync(archive).size / 1e6).toFixed(0);
    report(
      `npm run export of the running host's folder: ${exported.seconds.toFixed(1)} s, peak RSS ${exported.peakMb ?? '?'} MB, archive ${megabytes} MB (JSON Lines, a Markdown file per post, feeds per Persona)`,
    );
    const restored = await runCommand('src-main/commands/import-command.ts', [
      '--data',
      path.join(work, 'restored'),
      '--in',
      archive,
    ]);
    report(
      `npm run import of that archive into a new data folder: ${restored.seconds.toFixed(1)} s, peak RSS ${restored.peakMb ?? '?'} MB (checked whole first, then written)`,
    );
    // The largest archive a restore takes (ARCHIVE_LIMITS.rows.posts), checked in the bounded heap of its worker.
    const largest = path.join(work, 'largest.zip');
    await archiveOfPosts(archive, largest, ARCHIVE_LIMITS.rows.posts);
    const checked = await runCommand('src-main/commands/import-command.ts', [
      '--data',
      path.join(work, 'dry-run'),
      '--in',
      largest,
      '--dry-run',
    ]);
    report(
      `npm run import --dry-run of an archive of ${ARCHIVE_LIMITS.rows.posts.toLocaleString('en')} posts (the most a restore takes; ${(fs.statSync(largest).size / 1e6).toFixed(0)} MB, its posts repeated from that one): ` +
        `${checked.seconds.toFixed(1)} s, peak RSS ${checked.peakMb ?? '?'} MB (checked in a worker of ${CHECK_HEAP_MB} MB heap)`,
    );
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
