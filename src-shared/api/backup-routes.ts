import { backupAnswer, backupSettingsAnswer, backupSettingsInput, backupsAnswer, stagedRestoreAnswer } from './backups';
import { backupNameParam } from './path-params';
import { route, signedIn } from './route-contract';

/** Backups (extension, docs/backups.md): the data folder's copies of the store, on a host that keeps them. */
export const backupRoutes = {
  backups: route({ method: 'GET', pattern: '/api/backups', access: signedIn, output: backupsAnswer, needs: 'backups' }),
  backUpNow: route({
    method: 'POST',
    pattern: '/api/backups',
    access: signedIn,
    output: backupAnswer,
    needs: 'backups',
  }),
  setBackupSettings: route({
    method: 'PUT',
    pattern: '/api/backups/settings',
    access: signedIn,
    input: backupSettingsInput,
    output: backupSettingsAnswer,
    needs: 'backups',
  }),
  unstageRestore: route({
    method: 'DELETE',
    pattern: '/api/backups/restore',
    access: signedIn,
    output: stagedRestoreAnswer,
    needs: 'backups',
  }),
  stageRestore: route({
    method: 'POST',
    pattern: '/api/backups/:name/restore',
    access: signedIn,
    path: { name: backupNameParam },
    output: stagedRestoreAnswer,
    needs: 'backups',
  }),
} as const;
