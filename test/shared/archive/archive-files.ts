import fs from 'node:fs';
import path from 'node:path';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import type { Draft } from '../../../src-shared/api/draft';
import { exportArchive } from '../../../src-shared/archive/export';
import { ownerAccount } from '../../../src-shared/store/bootstrap';
import type { PublishingDb } from '../../../src-shared/store/db';
import { keepImportedDrafts } from '../../../src-shared/store/drafts';
import { fileSink } from '../../../src-main/archive/file-sink';
import { zipCodec } from '../../../src-main/archive/zip-codec';
import { tempDir } from '../../main/host-helpers';

/** Keeps `drafts` (when given) as the owner's, then exports `db` into a new zip file; answers its path. */
export async function exportToFile(db: PublishingDb, now: number, drafts?: readonly Draft[]): Promise<string> {
  if (drafts) {
    const owner = await ownerAccount(db);
    if (!owner) throw new Error('the store has no owner');
    await keepImportedDrafts(db, owner.guid, drafts, now);
  }
  const file = path.join(tempDir('desk-archive'), 'archive.zip');
  const sink = fileSink(file);
  await exportArchive(db, { sink: sink.sink, codec: zipCodec, now });
  await sink.close();
  return file;
}

/** A fresh folder's file of that name. */
export const scratchFile = (name: string): string => path.join(tempDir('desk-archive'), name);

export const sizeOf = (file: string): number => fs.statSync(file).size;

/** The archive's entries, changed by `change`, as a new zip file. */
export function rewritten(file: string, change: (entries: Record<string, Uint8Array>) => void): string {
  const entries = unzipSync(fs.readFileSync(file));
  change(entries);
  const out = scratchFile('changed.zip');
  fs.writeFileSync(out, zipSync(entries));
  return out;
}

export function editLines(
  entries: Record<string, Uint8Array>,
  name: string,
  edit: (lines: string[]) => string[],
): void {
  const text = strFromU8(entries[name] ?? new Uint8Array());
  entries[name] = strToU8(edit(text.split('\n').filter(Boolean)).join('\n') + '\n');
}
