import type { backupRoutes } from '../../api/backup-routes';
import type { RouteHandler } from '../router';

/** The backup endpoints (extension, docs/backups.md): the owner's, on a host that keeps backups (the router sees to both). */
type BackupsHandler<N extends keyof typeof backupRoutes> = RouteHandler<(typeof backupRoutes)[N]>;

/** GET /api/backups */
export const listBackups: BackupsHandler<'backups'> = (ctx) => ctx.backups.overview();

/** POST /api/backups: one now. */
export const backUpNow: BackupsHandler<'backUpNow'> = (ctx) => ctx.backups.backUpNow();

/** PUT /api/backups/settings with interval_hours and keep. */
export const changeBackupSettings: BackupsHandler<'setBackupSettings'> = (ctx, settings) =>
  ctx.backups.changeSettings(settings);

/** POST /api/backups/{name}/restore: staged for the next start. */
export const stageRestore: BackupsHandler<'stageRestore'> = (ctx, _input, { name }) => ctx.backups.stageRestore(name);

/** DELETE /api/backups/restore */
export const unstageRestore: BackupsHandler<'unstageRestore'> = (ctx) => ctx.backups.unstageRestore();
