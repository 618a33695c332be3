import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGE_SOURCES } from '../../src-renderer/build/page-sources';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The file a relative import names, as the bundler finds it. */
function resolveImport(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (fs.statSync(candidate, { throwIfNoEntry: false })?.isFile()) return candidate;
  }
  return null;
}

/** Every project file the page's code reaches through its imports, its own included. */
function reachedFrom(entry: string): Set<string> {
  const seen = new Set<string>();
  const queue = [entry];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    const text = fs.readFileSync(file, 'utf8');
    // Static imports, and those loaded when first used (`import('./…')`).
    for (const match of text.matchAll(/(?:from\s+|import\s+|import\()'(\.{1,2}\/[^']+)'/g)) {
      const target = resolveImport(file, match[1] ?? '');
      if (target) queue.push(target);
    }
  }
  return seen;
}

describe('the sources that make the page stale (npm run serve rebuilds it when one changed)', () => {
  it('include every file the page and its build configuration import, so that a change to shared code is never served stale', () => {
    // The configuration's imports make the page too: how its files are compressed (precompressed.ts).
    const reached = ['src-renderer/main.tsx', 'electron.vite.config.ts']
      .flatMap((entry) => [...reachedFrom(path.join(ROOT, entry))])
      .map((file) => path.relative(ROOT, file));
    const covered = (file: string) => PAGE_SOURCES.some((source) => file === source || file.startsWith(`${source}/`));
    expect(reached.length).toBeGreaterThan(50);
    expect(reached.filter((file) => !covered(file))).toEqual([]);
  });
});
