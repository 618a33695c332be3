import fs from 'node:fs';
import path from 'node:path';

/** The folders whose imports are checked: each folder in them is a layer, with the folders below it. */
export const SOURCE_ROOTS = ['src-shared', 'src-main', 'src-renderer'] as const;

/**
 * What each module names in `import … from`, `export … from`, `import '…'` and `import('…')`, type imports
 * included, in either quotes (whatever a formatter prefers).
 */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)(['"])([^'"]+)\1/g;
const EXTENSIONS = ['.ts', '.tsx', '.d.ts'];

/** One folder importing another, and the first module found that does it (to name in a report). */
export interface FolderEdge {
  from: string;
  to: string;
  module: string;
}

/**
 * The import graph of the folders under `roots`, relative to `base`: one edge from a folder to each other
 * folder one of its modules imports by a relative path. A folder is one of a root (`src-main/host`), its
 * subfolders part of it (`src-shared/service/handlers` is the service's), or the root's own modules
 * (`src-main`). Packages are not followed.
 */
export function folderGraph(base: string, roots: readonly string[] = SOURCE_ROOTS): FolderEdge[] {
  const edges = new Map<string, FolderEdge>();
  for (const root of roots) {
    for (const file of modulesUnder(path.join(base, root))) {
      const from = layerOf(path.relative(base, path.dirname(file)));
      for (const match of fs.readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
        const specifier = match[2] ?? '';
        if (!specifier.startsWith('.')) continue;
        const to = folderOf(path.resolve(path.dirname(file), specifier));
        if (to === null) continue;
        const folder = layerOf(path.relative(base, to));
        const key = `${from}\n${folder}`;
        if (folder !== from && !folder.startsWith('..') && !edges.has(key))
          edges.set(key, { from, to: folder, module: path.relative(base, file) });
      }
    }
  }
  return [...edges.values()];
}

/** Every cycle of folders, as the folders of each strongly connected group of more than one (Tarjan's). */
export function folderCycles(edges: readonly FolderEdge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const edge of edges) next.set(edge.from, [...(next.get(edge.from) ?? []), edge.to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (folder: string): void => {
    index.set(folder, index.size);
    low.set(folder, index.get(folder) ?? 0);
    stack.push(folder);
    onStack.add(folder);
    for (const to of next.get(folder) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(folder, Math.min(low.get(folder) ?? 0, low.get(to) ?? 0));
      } else if (onStack.has(to)) {
        low.set(folder, Math.min(low.get(folder) ?? 0, index.get(to) ?? 0));
      }
    }
    if (low.get(folder) !== index.get(folder)) return;
    const group: string[] = [];
    for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
      onStack.delete(member);
      group.push(member);
      if (member === folder) break;
    }
    if (group.length > 1) cycles.push(group.sort());
  };
  for (const folder of new Set(edges.flatMap((edge) => [edge.from, edge.to]))) if (!index.has(folder)) visit(folder);
  return cycles;
}

/** `src-shared/service` for `src-shared/service/handlers`; a root for itself. */
function layerOf(folder: string): string {
  return folder.split(path.sep).slice(0, 2).join('/');
}

function modulesUnder(folder: string): string[] {
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The folder of the module `target` names: a file's folder, or the folder itself for its index. */
function folderOf(target: string): string | null {
  if (EXTENSIONS.some((extension) => fs.existsSync(`${target}${extension}`))) return path.dirname(target);
  if (fs.existsSync(target)) return fs.statSync(target).isDirectory() ? target : path.dirname(target);
  return null;
}
