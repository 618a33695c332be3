import fs from 'node:fs';
import path from 'node:path';

const PROJECT = path.resolve(import.meta.dirname, '../..');

/** Node's flags in the `serve` script of package.json, so that a host started by a test or the benchmark is the one `npm run serve` starts. */
export function serveNodeFlags(): string[] {
  const scripts = (
    JSON.parse(fs.readFileSync(path.join(PROJECT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
  ).scripts;
  const words = (scripts['serve'] ?? '').split(/\s+/);
  const flags = words.slice(words.indexOf('node') + 1, words.indexOf('--import'));
  if (flags.some((flag) => !flag.startsWith('--'))) throw new Error(`unexpected serve script: ${scripts['serve']}`);
  return flags;
}
