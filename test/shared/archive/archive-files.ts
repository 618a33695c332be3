import fs from 'node:fs';
import path from 'node:path';
import type { Draft } from '../../../src-shared/api/draft';
import { exportArchive } from '../../../src-shared/archive/export';
import type { PublishingDb } from '../../../src-shared/store/db';
import { fileSink } from '../../../src-main/archive/file-sink';
import { tempDir } from '../../main/host-helpers';

/** Exports `db` (with the page's `drafts`, when given) into a new zip file; answers its path. */
export async function exportToFile(db: PublishingDb, now: number, drafts?: readonly Draft[]): Promise<string> {
  const file = path.join(tempDir('desk-archive'), 'archive.zip');
  const sink = fileSink(file);
  await exportArchive(db, { sink: sink.sink, now, ...(drafts ? { drafts } : {}) });
  await sink.close();
  return file;
}

/** A fresh folder's file of that name. */
export const scratchFile = (name: string): string => path.join(tempDir('desk-archive'), name);

export const sizeOf = (file: string): number => fs.statSync(file).size;
