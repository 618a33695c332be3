/**
 * Runs before `npm run serve` (its `preserve` script): builds the page into out/renderer and the headless
 * host into out/main when there is no build yet or a source of either changed since, so that
 * `npm install && npm run serve` runs the real interface and the current host on a fresh clone.
 *
 * The host runs built, as the desktop's main process does: compiling its TypeScript as it starts took about
 * half a second of each start and 25 MB of its memory for as long as it ran (measured on the benchmark
 * store: 272–346 ms to the first answer instead of 591–796, 98 MB resident instead of 123).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PAGE_SOURCES } from '../src-renderer/build/page-sources';

const ROOT = path.resolve(import.meta.dirname, '..');

/** What the host is made of: all of its own code and the shared code, and how it is built. */
const HOST_SOURCES = ['src-main', 'src-shared', 'electron.vite.config.ts', 'package.json', 'package-lock.json'];

/** Each build's output, and what makes it stale. */
const BUILDS = [
  { output: 'out/renderer/index.html', sources: PAGE_SOURCES },
  { output: 'out/main/serve.js', sources: HOST_SOURCES },
];

function newestChange(entry: string): number {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...fs.readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
}

const stale = BUILDS.some(({ output, sources }) => {
  const built = fs.statSync(path.join(ROOT, output), { throwIfNoEntry: false })?.mtimeMs ?? 0;
  return built < Math.max(...sources.map((source) => newestChange(path.join(ROOT, source))));
});
if (stale) {
  process.stdout.write('Building the page and the host into out/…\n');
  const cli = path.join(ROOT, 'node_modules/electron-vite/bin/electron-vite.js');
  const result = spawnSync(process.execPath, [cli, 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
  // Serving an older build of the host would hide the change that failed to build.
  if (result.status !== 0) {
    process.stderr.write('The page and the host could not be built (see above); nothing was started.\n');
    process.exit(1);
  }
}
