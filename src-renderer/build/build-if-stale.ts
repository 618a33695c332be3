/**
 * Runs before `npm run serve` (its `preserve` script): builds the page into out/renderer when there is no
 * build yet or a source of it changed since, so that `npm install && npm run serve` shows the real
 * interface on a fresh clone. Node only; it is no part of the page.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PAGE_SOURCES as SOURCES } from './page-sources';

const ROOT = path.resolve(import.meta.dirname, '../..');
const BUILT = path.join(ROOT, 'out/renderer/index.html');

function newestChange(entry: string): number {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...fs.readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
}

const built = fs.statSync(BUILT, { throwIfNoEntry: false })?.mtimeMs ?? 0;
const changed = Math.max(...SOURCES.map((source) => newestChange(path.join(ROOT, source))));
if (built < changed) {
  process.stdout.write('Building the page into out/renderer…\n');
  const cli = path.join(ROOT, 'node_modules/electron-vite/bin/electron-vite.js');
  const result = spawnSync(process.execPath, [cli, 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
  // A failed build leaves the old page (or the host's built-in one); the instance still serves its API.
  if (result.status !== 0) process.stderr.write('The page could not be built; serving the instance anyway.\n');
}
