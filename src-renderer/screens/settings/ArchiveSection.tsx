import { useEffect, useState } from 'react';
import { archiveRoutes } from '../../../src-shared/api/archive-routes';
import type { BackupsAnswer } from '../../../src-shared/api/backups';
import { loadSession } from '../../api/saved-session';
import { saveDraftsNow } from '../../state/draft-sync';
import { clients } from '../../state/session';
import { StagedNote } from './BackupsSection';
import { Problem, useTask } from './form-task';
import { uploadArchive } from './upload-archive';

/** Where the host answers the whole instance as a zip, with the page's drafts (api/archive-routes.ts, docs/archive.md). */
const { exportArchive } = archiveRoutes;

/**
 * "Export everything": the whole instance as one archive, downloaded; "Restore from an archive…": one
 * uploaded, to replace the instance at the next start. Offered where the instance says it serves them
 * (`export`, `restore_archive` in /api/about: the headless host); the command line's `npm run export` and
 * `npm run import` work on every data folder.
 */
export function ArchiveSection() {
  const [offered, setOffered] = useState(false);
  const [restores, setRestores] = useState(false);
  const { busy, error, run } = useTask();
  useEffect(() => {
    clients()
      .desk.about()
      .then(
        (about) => {
          setOffered(about.extensions.includes('export'));
          setRestores(about.extensions.includes('restore_archive'));
        },
        () => setOffered(false),
      );
  }, []);
  if (!offered) return null;
  return (
    <section className="data-section" aria-labelledby="archive-title">
      <h2 id="archive-title">Your data</h2>
      <p className="subtle">
        One zip file with every post, Persona, Channel, star and pin (remotes without their tokens), the drafts kept
        here, every post and draft also as a Markdown file, and a feed of each Persona’s public posts. Restore it here,
        over this instance, or into a new one with <code>npm run import</code>.
      </p>
      <Problem error={error} />
      <div className="row">
        <button type="button" disabled={busy} onClick={() => run(download, 'The archive is downloaded.')()}>
          {busy ? 'Exporting…' : 'Export everything'}
        </button>
      </div>
      {restores && <RestoreFromArchive />}
    </section>
  );
}

/** Pick a zip, read what will happen, upload it: the host checks it in full and stages it for the next start. */
function RestoreFromArchive() {
  const [confirming, setConfirming] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [restart, setRestart] = useState<BackupsAnswer['restart'] | null>(null);
  const [what, setWhat] = useState('');
  const { busy, error, run } = useTask();
  if (restart) {
    return (
      <StagedNote
        what={what}
        restart={restart}
        onCancelled={() => {
          setRestart(null);
          setConfirming(false);
        }}
      />
    );
  }
  if (!confirming) {
    return (
      <button type="button" onClick={() => setConfirming(true)}>
        Restore from an archive…
      </button>
    );
  }
  return (
    <div className="backup-confirm" role="group" aria-label="Restore from an archive">
      <p>
        Everything in this instance will be replaced by what the archive holds. A backup of the instance as it is now is
        taken first, so this can be undone from Backups. The instance restarts to do it.
      </p>
      <label>
        Archive (.zip)
        <input type="file" accept=".zip,application/zip" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
      </label>
      <div className="row">
        <button
          type="button"
          className="danger"
          disabled={busy || !file}
          onClick={() =>
            run(async () => {
              if (!file) return;
              const staged = await uploadArchive(file);
              setWhat(`The archive ${file.name} (stored as ${staged.staged_archive ?? ''})`);
              setRestart((await clients().desk.backups()).restart);
            }, 'The archive is staged.')()
          }
        >
          {busy ? 'Checking the archive…' : 'Restore this archive'}
        </button>
        <button type="button" disabled={busy} onClick={() => setConfirming(false)}>
          Cancel
        </button>
      </div>
      <Problem error={error} />
    </div>
  );
}

/**
 * The archive is fetched with the session's token (a plain link could not send it), then saved as a file.
 * What this page typed and has not yet saved in the instance is saved first, so that the archive holds it.
 */
async function download(): Promise<void> {
  await saveDraftsNow();
  const token = loadSession()?.token;
  const response = await fetch(exportArchive.pattern, {
    method: exportArchive.method,
    headers: token ? { authorization: token } : {},
  });
  if (!response.ok)
    throw new Error(`The instance did not make the archive (${response.status}${await refusal(response)}).`);
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'publishing-desk.zip';
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The download has its own reference by now.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
}

/** What the instance's envelope says of a refusal (a draft it could not read), or nothing. */
async function refusal(response: Response): Promise<string> {
  const envelope = (await response.json().catch(() => null)) as { meta?: { text?: unknown; list?: unknown } } | null;
  const list: unknown[] = Array.isArray(envelope?.meta?.list) ? (envelope.meta.list as unknown[]) : [];
  const said = [envelope?.meta?.text, ...list].filter((part): part is string => typeof part === 'string');
  return said.length > 0 ? `: ${said.join('; ')}` : '';
}
