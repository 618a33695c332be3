import fs from 'node:fs';
import path from 'node:path';
import { restoreBody } from '../../src-shared/api/archive-routes';
import { ErrorText, ServiceError } from '../../src-shared/api/errors';
import type { StagedRestoreAnswer } from '../../src-shared/api/backups';
import { ArchiveError } from '../../src-shared/archive/archive-source';
import type { Ctx } from '../../src-shared/service/context';
import { forgetUpload, restartWords } from './host-backups';
import type { BackupPaths } from './layout';
import { readStaged, stageRestore } from './restore';
import { checkArchiveFile } from '../archive/check-file';

export interface ArchiveRestoreOptions {
  paths: BackupPaths;
  now: () => number;
  restart: 'app' | 'host';
  /** Below the route's own bound (`restoreBody`); tests lower it. */
  limitBytes?: number | undefined;
}

/**
 * `POST /api/instance/restore` (an extension, docs/api.md), for the owner alone (the route is signed-in):
 * the body, an export archive (docs/archive.md), is written to `<data>/restore/upload-<stamp>.zip` as it
 * arrives, up to the limit, then checked in full, and staged to replace the store at the next start
 * (restore.ts), after a backup of it. A bad or oversized archive is refused, naming why, and
 * deleted. A body left unread (a refused upload) is the host's to discard (host/http.ts).
 */
export function restoreArchive(options: ArchiveRestoreOptions): (ctx: Ctx) => Promise<StagedRestoreAnswer> {
  // One upload at a time: each stages its archive for the next start, and only one can be restored.
  let receiving = false;
  return async (ctx) => {
    if (receiving) throw new ServiceError(409, ErrorText.archiveUploading);
    receiving = true;
    try {
      return await receiveArchive(ctx.request, options);
    } finally {
      receiving = false;
    }
  };
}

async function receiveArchive(request: Request, options: ArchiveRestoreOptions): Promise<StagedRestoreAnswer> {
  const limit = options.limitBytes ?? restoreBody.maxBytes;
  const tooLarge = () => new ServiceError(413, `${ErrorText.archiveTooLarge}: at most ${limit} bytes`);
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > limit) throw tooLarge();
  const { paths } = options;
  fs.mkdirSync(paths.uploadsDir, { recursive: true, mode: 0o700 });
  const stamp = new Date(options.now()).toISOString().replace(/[-:.]/g, '');
  const file = path.join(paths.uploadsDir, `upload-${stamp}.zip`);
  const partial = `${file}.part`;
  try {
    await writeBounded(request, partial, limit, tooLarge);
    fs.renameSync(partial, file);
    await check(file);
  } catch (error) {
    fs.rmSync(partial, { force: true });
    fs.rmSync(file, { force: true });
    throw error;
  }
  const before = readStaged(paths);
  forgetUpload(paths);
  stageRestore(paths, { kind: 'archive', file });
  const replaced =
    before === null
      ? ''
      : ` It takes the place of ${before.kind === 'archive' ? `the archive ${path.basename(before.file)}` : `backup ${before.name}`}, staged before.`;
  return {
    staged_restore: null,
    staged_archive: path.basename(file),
    next: `The archive is sound. At the next start the store will be backed up as it is then, and replaced by the archive's.${replaced} ${restartWords(options.restart)}`,
  };
}

/** The archive checked in full (archive-check.ts); what is wrong with it refuses it, in its words. */
async function check(file: string): Promise<void> {
  try {
    await checkArchiveFile(file);
  } catch (error) {
    if (error instanceof ArchiveError) throw new ServiceError(422, `${ErrorText.archiveRefused}: ${error.message}`);
    throw error;
  }
}

/** The request's body into `file`, refused (and the rest of it not read) once it passes `limit` bytes. */
async function writeBounded(
  request: Request,
  file: string,
  limit: number,
  tooLarge: () => ServiceError,
): Promise<void> {
  const out = fs.openSync(file, 'w', 0o600);
  let written = 0;
  try {
    if (!request.body) throw new ServiceError(422, `${ErrorText.archiveRefused}: the request holds no archive`);
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read().catch(() => {
        throw new ServiceError(400, `${ErrorText.archiveRefused}: the upload stopped before its end`);
      });
      if (done) break;
      written += value.byteLength;
      if (written > limit) {
        reader.releaseLock();
        throw tooLarge();
      }
      fs.writeSync(out, value);
    }
    fs.fsyncSync(out);
  } finally {
    fs.closeSync(out);
  }
}
