import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { folderCycles, folderGraph } from '../../tools/folder-cycles';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A tree of modules under a new folder: each path's text as given. */
function tree(files: Record<string, string>): string {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'folder-cycles-'));
  made.push(base);
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(base, file)), { recursive: true });
    fs.writeFileSync(path.join(base, file), text);
  }
  return base;
}

const cyclesIn = (files: Record<string, string>) => folderCycles(folderGraph(tree(files), ['src-main', 'src-shared']));

describe('the check for cycles of folders', () => {
  it('finds none in the project', () => {
    expect(folderCycles(folderGraph(path.resolve(import.meta.dirname, '../..')))).toEqual([]);
  });

  it('finds folders that import each other through others, by any form of import, type imports included', () => {
    const cycles = cyclesIn({
      'src-main/host/start.ts': "import { openInstance } from '../instance/instance';\n",
      'src-main/instance/instance.ts': 'export { restore } from "../backups/restore";\n',
      'src-main/backups/restore.ts': "export const restore = () => import('../host/start');\n",
      'src-main/store/lock.ts': "import type { Start } from '../host/start';\n",
      'src-main/host/flags.ts': "import { lock } from '../store/lock';\n",
    });
    // Two cycles through host: one group of folders, each reaching each other.
    expect(cycles).toEqual([['src-main/backups', 'src-main/host', 'src-main/instance', 'src-main/store']]);
  });

  it('finds the folders of two roots importing each other, and a program at a root imported by a folder', () => {
    expect(
      cyclesIn({
        'src-shared/store/db.ts': "import { page } from '../../src-main/desktop/page';\n",
        'src-main/desktop/page.ts':
          "import { db } from '../../src-shared/store/db';\nimport { run } from '../serve';\n",
        'src-main/serve.ts': "import { page } from './desktop/page';\n",
      }),
    ).toEqual([['src-main', 'src-main/desktop', 'src-shared/store']]);
  });

  it('takes a subfolder as part of its folder, and packages and imports within a folder as no edge', () => {
    expect(
      cyclesIn({
        'src-shared/service/index.ts': "import { about } from './handlers/about';\nimport { z } from 'zod';\n",
        'src-shared/service/handlers/about.ts':
          "import { route } from '../router';\nimport { db } from '../../store';\n",
        'src-shared/service/router.ts': "import { about } from './handlers/about';\n",
        'src-shared/store/index.ts': 'export const db = 1;\n',
      }),
    ).toEqual([]);
  });
});
