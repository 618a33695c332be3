import { useEffect, useState } from 'react';
import type { BackupAnswer, BackupReason, BackupsAnswer, StagedRestoreAnswer } from '../../../src-shared/api/backups';
import { deskBridge } from '../../api/bridge';
import { clients, describeFailure } from '../../state/session';
import { fullTime, relativeTime } from '../../util/time';
import { Problem, useTask } from './form-task';

const REASON: Record<BackupReason, string> = {
  daily: 'Scheduled',
  manual: 'Made by hand',
  'before-upgrade': 'Before an upgrade',
  'before-restore': 'Before a restore',
};

/** "840 kB", "12.5 MB": sizes as a file manager shows them. */
export function sizeOf(bytes: number): string {
  if (bytes < 1000 * 1000) return `${Math.max(1, Math.round(bytes / 1000))} kB`;
  const megabytes = bytes / (1000 * 1000);
  return `${megabytes < 100 ? megabytes.toFixed(1) : Math.round(megabytes)} MB`;
}

const unixOf = (iso: string) => Math.floor(Date.parse(iso) / 1000);
/** "Tue, 25 Nov 2026, 05:50": the local date and time of a backup. */
const localTime = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/**
 * The data folder's backups (docs/backups.md): made every few hours and before upgrades, listed with their
 * size and date, made now by hand, and restored in two steps: a confirmation, then a restart.
 */
export function BackupsSection() {
  const [overview, setOverview] = useState<BackupsAnswer | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [staged, setStaged] = useState<StagedRestoreAnswer | null>(null);
  const reload = async () => {
    try {
      setOverview(await clients().desk.backups());
      setLoadError(null);
    } catch (failure) {
      setLoadError(describeFailure(failure));
    }
  };
  useEffect(() => {
    void reload();
  }, []);
  // Staged here, or before (another window, an earlier visit): the list says which.
  const stagedName = staged?.staged_restore ?? overview?.staged_restore ?? null;
  const stagedArchive = staged ? null : (overview?.staged_archive ?? null);

  return (
    <section aria-labelledby="backups-title" className="backups-section">
      <h2 id="backups-title">Backups</h2>
      <p className="subtle">
        A copy of the whole instance, made while it runs:{' '}
        {overview ? `every ${hours(overview.settings.interval_hours)}` : 'on a schedule'} and before every upgrade. They
        stay in this instance’s data folder, in <code>backups</code>.
        {overview &&
          ` Of each kind (on the schedule, made by hand, before an upgrade, before a restore) the newest ${overview.settings.keep} are kept.`}
      </p>
      <Problem error={loadError} />
      {overview && <StartNotes overview={overview} />}
      {overview && <BackUpNow onDone={reload} />}
      {(stagedName ?? stagedArchive) && overview && (
        <StagedNote
          what={stagedName ? `The backup ${stagedName}` : `The archive you uploaded (${stagedArchive ?? ''})`}
          restart={overview.restart}
          onCancelled={() => {
            setStaged(null);
            void reload();
          }}
        />
      )}
      {overview && (
        <ul className="backup-list" aria-label="Backups, newest first">
          {overview.backups.length === 0 && <li className="subtle">No backup yet.</li>}
          {overview.backups.map((backup) => (
            <BackupRow
              key={backup.name}
              backup={backup}
              onStaged={(answer) => {
                setStaged(answer);
                void reload();
              }}
            />
          ))}
        </ul>
      )}
      {overview && <ScheduleForm overview={overview} onSaved={reload} />}
    </section>
  );
}

const hours = (n: number) => (n === 24 ? 'day' : n % 24 === 0 ? `${n / 24} days` : n === 1 ? 'hour' : `${n} hours`);

/** What the last start did with a staged restore, and an automatic backup that failed. */
function StartNotes({ overview }: { overview: BackupsAnswer }) {
  const restore = overview.last_restore;
  return (
    <>
      {restore?.applied && (
        <p role="status" className="backup-note">
          Restored the backup from {localTime.format(Date.parse(madeAtOf(restore.backup, overview)))}. The instance as
          it was before is kept as a backup “before a restore”.
        </p>
      )}
      {restore && !restore.applied && (
        <p role="alert" className="field-error">
          The restore could not be applied, so nothing was changed: {restore.problem}
        </p>
      )}
      {overview.last_failure && (
        <p role="alert" className="field-error">
          The last scheduled backup failed: {overview.last_failure.problem}
        </p>
      )}
    </>
  );
}

function madeAtOf(name: string, overview: BackupsAnswer): string {
  return (
    overview.backups.find((b) => b.name === name)?.made_at ??
    `${name.slice(0, 4)}-${name.slice(4, 6)}-${name.slice(6, 8)}T${name.slice(9, 11)}:${name.slice(11, 13)}:00Z`
  );
}

function BackUpNow({ onDone }: { onDone: () => Promise<void> }) {
  const [made, setMade] = useState<BackupAnswer | null>(null);
  const { busy, error, run } = useTask();
  return (
    <div className="backup-now">
      <button
        type="button"
        className="primary"
        disabled={busy}
        aria-busy={busy}
        onClick={() =>
          run(async () => {
            setMade(null);
            setMade(await clients().desk.backUpNow());
            await onDone();
          }, 'Backed up.')()
        }
      >
        {busy ? 'Backing up…' : 'Back up now'}
      </button>
      {made && !busy && <span role="status">Backed up: {sizeOf(made.size)}, checked and good.</span>}
      <Problem error={error} />
    </div>
  );
}

function BackupRow({ backup, onStaged }: { backup: BackupAnswer; onStaged: (answer: StagedRestoreAnswer) => void }) {
  const [confirming, setConfirming] = useState(false);
  const { busy, error, run } = useTask();
  const when = unixOf(backup.made_at);
  const label = localTime.format(when * 1000);
  return (
    <li className={backup.state === 'good' ? 'backup' : 'backup damaged'}>
      <div className="backup-facts">
        <time dateTime={backup.made_at} title={fullTime(when)}>
          {label}
        </time>
        <span className="subtle"> · {relativeTime(when)}</span>
        <span> · {REASON[backup.reason]}</span>
        <span> · {sizeOf(backup.size)}</span>
        {backup.state === 'good' ? (
          <span className="backup-good"> · Good</span>
        ) : (
          <span className="field-error"> · Damaged: {backup.problem}</span>
        )}
      </div>
      {backup.state === 'good' && !confirming && (
        <button type="button" onClick={() => setConfirming(true)} aria-label={`Restore the backup from ${label}…`}>
          Restore…
        </button>
      )}
      {confirming && (
        <div className="backup-confirm" role="group" aria-label={`Restore the backup from ${label}`}>
          <p>
            Everything in this instance will be replaced by this backup from {label}. A backup of the instance as it is
            now is taken first, so this can be undone. The instance restarts to do it.
          </p>
          <div className="row">
            <button
              type="button"
              className="danger"
              disabled={busy}
              onClick={() =>
                run(async () => onStaged(await clients().desk.stageRestore(backup.name)), 'Restore staged.')()
              }
            >
              Restore this backup
            </button>
            <button type="button" disabled={busy} onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </div>
          <Problem error={error} />
        </div>
      )}
    </li>
  );
}

/** A restore waits for the next start: the desktop app restarts itself; a headless host is restarted by whoever runs it. */
export function StagedNote(props: { what: string; restart: BackupsAnswer['restart']; onCancelled: () => void }) {
  const bridge = deskBridge();
  const cancel = useTask();
  const restart = useTask();
  return (
    <div className="card-form backup-staged" role="status">
      <p>
        {props.what} replaces everything in this instance at the next start, after a backup of the instance as it is
        then.
      </p>
      {props.restart === 'app' && bridge ? (
        <button
          type="button"
          className="primary"
          disabled={restart.busy}
          onClick={() => restart.run(() => bridge.restart(), 'Restarting…')()}
        >
          Restart now
        </button>
      ) : (
        <p>
          <strong>Restart the host to finish.</strong> Stop <code>npm run serve</code> and start it again; it says what
          it restored.
        </p>
      )}
      <button
        type="button"
        disabled={cancel.busy}
        onClick={() =>
          cancel.run(async () => {
            await clients().desk.unstageRestore();
            props.onCancelled();
          }, 'Nothing will be restored.')()
        }
      >
        Do not restore
      </button>
      <Problem error={cancel.error ?? restart.error} />
    </div>
  );
}

function ScheduleForm({ overview, onSaved }: { overview: BackupsAnswer; onSaved: () => Promise<void> }) {
  const [every, setEvery] = useState(String(overview.settings.interval_hours));
  const [keep, setKeep] = useState(String(overview.settings.keep));
  const { busy, error, run } = useTask();
  return (
    <form
      className="card-form inline-form"
      aria-label="Backup schedule"
      onSubmit={run(async () => {
        await clients().desk.setBackupSettings({ interval_hours: Number(every), keep: Number(keep) });
        await onSaved();
      }, 'Backup schedule saved.')}
    >
      <label>
        Back up every (hours)
        <input
          type="number"
          min={1}
          max={720}
          step={1}
          value={every}
          onChange={(e) => setEvery(e.target.value)}
          required
        />
      </label>
      <label>
        Keep the last
        <input
          type="number"
          min={1}
          max={100}
          step={1}
          value={keep}
          onChange={(e) => setKeep(e.target.value)}
          required
        />
      </label>
      <button type="submit" disabled={busy}>
        Save
      </button>
      <Problem error={error} />
    </form>
  );
}
