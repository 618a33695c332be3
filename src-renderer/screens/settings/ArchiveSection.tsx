import { useEffect, useState } from 'react';
import { loadSession } from '../../api/saved-session';
import { useDrafts } from '../../state/drafts';
import { clients } from '../../state/session';
import { Problem, useTask } from './form-task';

/** Where the host answers the whole instance as a zip (src-main/archive/export-route.ts, docs/archive.md). */
const EXPORT_PATH = '/api/instance/export';

/**
 * "Export everything": the whole instance as one archive, downloaded. Offered where the instance says it
 * makes one (`export` in /api/about: the headless host); the command line's `npm run export` works on
 * every data folder.
 */
export function ArchiveSection() {
  const [offered, setOffered] = useState(false);
  const { busy, error, run } = useTask();
  useEffect(() => {
    clients().desk.about().then((about) => setOffered(about.extensions.includes('export')), () => setOffered(false));
  }, []);
  if (!offered) return null;
  return (
    <section className="card-form" aria-labelledby="archive-title">
      <h2 id="archive-title">Your data</h2>
      <p className="subtle">
        One zip file with every post, Persona, Channel, star and pin (remotes without their tokens), the drafts kept here, every post and
        draft also as a Markdown file, and a feed of each Persona’s public posts. It restores into a new instance with <code>npm run import</code>.
      </p>
      <Problem error={error} />
      <button type="button" disabled={busy} onClick={() => run(download, 'The archive is downloaded.')()}>
        {busy ? 'Exporting…' : 'Export everything'}
      </button>
    </section>
  );
}

/**
 * The archive is fetched with the session's token (a plain link could not send it), then saved as a file.
 * It is asked for by POST with the drafts: they are this page's (localStorage), not the instance's.
 */
async function download(): Promise<void> {
  const token = loadSession()?.token;
  const response = await fetch(EXPORT_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: JSON.stringify({ drafts: useDrafts.getState().drafts }),
  });
  if (!response.ok) throw new Error(`The instance did not make the archive (${response.status}${await refusal(response)}).`);
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'publishing-desk.zip';
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
