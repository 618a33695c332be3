import { z } from 'zod';

/**
 * Backups of the store (an extension, docs/backups.md): what `GET /api/backups` and its siblings take and
 * answer. The hosts make and restore the copies (src-main/backups/); the service only reaches them
 * through `BackupsControl`, and the renderer reads the same schemas.
 */

/** Why a backup was made. */
export const backupReason = z.lazy(() => z.enum(['daily', 'before-upgrade', 'before-restore', 'manual']));
export type BackupReason = z.infer<typeof backupReason>;

/**
 * A backup's name: its UTC time to the millisecond and its reason, e.g. `20261125T045000123Z-daily`. Names
 * come from the list only; anything else (a path, `..`) is refused before it reaches the file system.
 */
export const BACKUP_NAME = /^\d{8}T\d{9}Z-(daily|before-upgrade|before-restore|manual)$/;
export const backupName = z.lazy(() => z.string().max(64).regex(BACKUP_NAME, 'not the name of a backup'));

export const backupAnswer = z.lazy(() =>
  z.object({
    name: backupName,
    /** ISO 8601, UTC. */
    made_at: z.string(),
    reason: backupReason,
    /** Bytes of all its files. */
    size: z.number().int().nonnegative(),
    /** The store's schema version in the copy; null when it could not be read. */
    schema_version: z.number().int().nullable(),
    state: z.enum(['good', 'damaged']),
    /** Why a damaged backup is damaged, in words. */
    problem: z.string().optional(),
  }),
);
export type BackupAnswer = z.infer<typeof backupAnswer>;

export const backupSettings = z.lazy(() =>
  z.object({
    /** Hours between automatic backups. */
    interval_hours: z
      .number()
      .int()
      .min(1)
      .max(24 * 30),
    /** Good backups kept; older ones are removed. */
    keep: z.number().int().min(1).max(100),
  }),
);
export type BackupSettings = z.infer<typeof backupSettings>;
/** What `PUT /api/backups/settings` answers: the settings now in force. */
export const backupSettingsAnswer = backupSettings;

/** `PUT /api/backups/settings`: both numbers, as form or JSON strings. */
export const backupSettingsInput = z.lazy(() =>
  z.strictObject({
    interval_hours: z.coerce.number().pipe(backupSettings.unwrap().shape.interval_hours),
    keep: z.coerce.number().pipe(backupSettings.unwrap().shape.keep),
  }),
);

/** What the last start did with a staged restore. */
export const restoreOutcome = z.lazy(() =>
  z.object({
    backup: z.string(),
    applied: z.boolean(),
    /** ISO 8601, UTC. */
    at: z.string(),
    /** Why it was not applied (the instance started on its old store). */
    problem: z.string().optional(),
    /** The backup of the store as it was before, taken first. */
    safety_backup: z.string().optional(),
  }),
);
export type RestoreOutcome = z.infer<typeof restoreOutcome>;

export const backupsAnswer = z.lazy(() =>
  z.object({
    /** Newest first. */
    backups: z.array(backupAnswer),
    settings: backupSettings,
    /** When the next automatic backup is due (ISO 8601, UTC); null while one is being made. */
    next_at: z.string().nullable(),
    /** The backup staged to be restored at the next start, if any. */
    staged_restore: backupName.nullable(),
    /** The file name of the export archive staged to be restored at the next start (uploaded from Settings), if any. */
    staged_archive: z.string().nullable(),
    /** What happened to the restore staged for the start this instance made, if there was one. */
    last_restore: restoreOutcome.nullable(),
    /** The last automatic backup that failed, and why, until one succeeds. */
    last_failure: z.object({ at: z.string(), problem: z.string() }).nullable(),
    /** How this instance is restarted to apply a staged restore: by the app itself, or by whoever runs the host. */
    restart: z.enum(['app', 'host']),
  }),
);
export type BackupsAnswer = z.infer<typeof backupsAnswer>;

export const stagedRestoreAnswer = z.lazy(() =>
  z.object({
    staged_restore: backupName.nullable(),
    /** The export archive staged instead (`POST /api/instance/restore`): its file name. */
    staged_archive: z.string().nullable(),
    /** What happens next, in words. */
    next: z.string(),
  }),
);
export type StagedRestoreAnswer = z.infer<typeof stagedRestoreAnswer>;

/** What the service asks of the host's backups. Errors a person should see are thrown as ServiceError. */
export interface BackupsControl {
  overview(): Promise<BackupsAnswer>;
  backUpNow(): Promise<BackupAnswer>;
  changeSettings(settings: BackupSettings): Promise<BackupSettings>;
  stageRestore(name: string): Promise<StagedRestoreAnswer>;
  unstageRestore(): Promise<StagedRestoreAnswer>;
}
