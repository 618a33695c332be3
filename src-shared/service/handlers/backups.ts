import { ErrorText, ServiceError } from '../../api/errors';
import type { BackupAnswer, BackupSettings, BackupsAnswer, BackupsControl, StagedRestoreAnswer } from '../../api/backups';
import type { Ctx, SignedInHandler } from '../context';

/** The backup endpoints (extension, docs/backups.md) are the owner's, on a host that keeps backups. */
function backupsOf(ctx: Ctx): BackupsControl {
  if (!ctx.backups) throw new ServiceError(503, ErrorText.backupsUnavailable);
  return ctx.backups;
}

/** GET /api/backups */
export const listBackups: SignedInHandler<BackupsAnswer> = (ctx) => backupsOf(ctx).overview();

/** POST /api/backups: one now. */
export const backUpNow: SignedInHandler<BackupAnswer> = (ctx) => backupsOf(ctx).backUpNow();

/** PUT /api/backups/settings with interval_hours and keep. */
export const changeBackupSettings: SignedInHandler<BackupSettings, BackupSettings> = (ctx, settings) => backupsOf(ctx).changeSettings(settings);

/** POST /api/backups/{name}/restore: staged for the next start. */
export const stageRestore: SignedInHandler<StagedRestoreAnswer> = (ctx) => backupsOf(ctx).stageRestore(ctx.path['name'] ?? '');

/** DELETE /api/backups/restore */
export const unstageRestore: SignedInHandler<StagedRestoreAnswer> = (ctx) => backupsOf(ctx).unstageRestore();
