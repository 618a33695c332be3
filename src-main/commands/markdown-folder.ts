import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { routes } from '../../src-shared/api/routes';
import { importMarkdownFiles, type MarkdownFile, type MarkdownOutcome } from '../../src-shared/archive/markdown-import';
import { createService } from '../../src-shared/service/index';
import { DATABASE_NAME } from '../../src-shared/store/db';
import { systemClock } from '../../src-shared/util/clock';
import { resolveOwnerToken } from '../store/owner-token';
import { logProblem } from '../host/printable';
import { openStoreFolder } from '../store/store-folder';
import { snapshotStore } from '../archive/snapshot';
import { convertWithBackupFirst } from '../backups/convert-first';
import { backupPaths } from '../backups/layout';

/** Files read from one folder, and the size of each: a post holds 100,000 characters at most. */
export const MARKDOWN_LIMITS = { files: 100_000, fileBytes: 1024 * 1024 } as const;

/**
 * The `.md` and `.markdown` files under `folder`, by their path within it, each read when asked. Links are
 * not followed (a link could lead anywhere on the disk). A file too large, or that is not UTF-8 text, reads
 * as the reason.
 */
export function readMarkdownFolder(folder: string): MarkdownFile[] {
  const found: MarkdownFile[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory() && !entry.name.startsWith('.')) walk(full);
      if (!entry.isFile() || !/\.(md|markdown)$/i.test(entry.name)) continue;
      if (found.length >= MARKDOWN_LIMITS.files)
        throw new Error(`${folder} holds more than ${MARKDOWN_LIMITS.files} Markdown files`);
      found.push({ name: path.relative(folder, full).split(path.sep).join('/'), read: () => readText(full) });
    }
  };
  walk(folder);
  return found;
}

function readText(file: string): ReturnType<MarkdownFile['read']> {
  const size = fs.statSync(file).size;
  if (size > MARKDOWN_LIMITS.fileBytes)
    return { refused: `the file is ${size} bytes; at most ${MARKDOWN_LIMITS.fileBytes} are read` };
  const bytes = fs.readFileSync(file);
  if (bytes.includes(0)) return { refused: 'the file is not text (it holds NUL bytes)' };
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { refused: 'the file is not UTF-8 text' };
  }
}

export interface MarkdownFolderOptions {
  dataDir: string;
  folder: string;
  persona?: string | undefined;
  dryRun?: boolean;
  now: number;
}

/**
 * Imports a folder of Markdown files into the instance of `dataDir`, holding its lock. A dry run imports
 * into a copy of the store instead (a new, empty one for a folder that holds no instance yet), so that what
 * it reports is what the import would do, and the folder is not touched.
 */
export async function importMarkdownFolder(options: MarkdownFolderOptions): Promise<MarkdownOutcome[]> {
  const files = readMarkdownFolder(options.folder);
  const scratch = options.dryRun ? fs.mkdtempSync(path.join(os.tmpdir(), 'desk-markdown-')) : null;
  try {
    const dataDir = scratch ?? options.dataDir;
    if (scratch && fs.existsSync(path.join(options.dataDir, 'db')))
      await snapshotStore(options.dataDir, path.join(scratch, 'db'));
    const { token } = resolveOwnerToken(dataDir);
    const store = await openStoreFolder({
      dataDir,
      token,
      now: options.now,
      // A store the release before wrote is converted first, backed up, as a host's start converts it.
      prepare: async () => {
        await convertWithBackupFirst(backupPaths(dataDir), { databaseName: DATABASE_NAME, now: new Date(options.now) });
      },
    });
    try {
      const service = createService({
        db: store.db,
        clock: systemClock,
        onUnexpectedError: (error) => logProblem('service error', error),
      });
      const write = async (params: Record<string, string>) => {
        const response = await service(
          new Request(new URL(routes.writePost.pattern, 'http://markdown-import.invalid'), {
            method: routes.writePost.method,
            headers: { authorization: token, 'content-type': 'application/json' },
            body: JSON.stringify(params),
          }),
        );
        const answer = (await response.json()) as {
          meta: { text?: string | false; list?: string[] | false };
          data: { guid: string }[] | false;
        };
        if (response.status === 200 && answer.data && answer.data[0])
          return { ok: true as const, guid: answer.data[0].guid };
        return {
          ok: false as const,
          problems: answer.meta.list || [answer.meta.text || `refused (${response.status})`],
        };
      };
      return await importMarkdownFiles({ db: store.db, write, persona: options.persona }, files);
    } finally {
      store.close();
    }
  } finally {
    if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
  }
}
