import fs from 'node:fs';
import path from 'node:path';

const PROJECT = path.resolve(import.meta.dirname, '../..');

/** The `serve` script of package.json as words after `node`: Node's flags, then the built host and its flags. */
function serveWords(): { flags: string[]; script: string } {
  const scripts = (
    JSON.parse(fs.readFileSync(path.join(PROJECT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
  ).scripts;
  const words = (scripts['serve'] ?? '').split(/\s+/).slice(1);
  const at = words.findIndex((word) => !word.startsWith('--'));
  const script = words[at];
  if (at < 0 || script === undefined) throw new Error(`unexpected serve script: ${scripts['serve']}`);
  return { flags: words.slice(0, at), script };
}

/**
 * Node's flags in the `serve` script, so that a host a test starts from the sources (`--import tsx
 * src-main/serve.ts`) runs within the same bounds as the one `npm run serve` starts.
 */
export const serveNodeFlags = (): string[] => serveWords().flags;

/** The built host `npm run serve` runs (out/main/serve.js), as a path from the project's folder. */
export const servedScript = (): string => serveWords().script;
