import type { ReactElement } from 'react';
import type { RemoteStatusAnswer } from '../../src-shared/api/sync-answers';
import { remoteState, type SyncKind } from '../state/remote-state';
import { routePath } from '../state/route';
import { remoteName, useSync } from '../state/sync';

/**
 * Each remote's state in its short form: up to date, syncing and how far, waiting to send, offline since
 * when and why, or what needs attention, with a link to the Remotes screen where the person can act.
 */
export function SyncStatus() {
  const { remotes, available, syncingHere } = useSync();
  if (!available) return <p className="sync-line subtle">This host does not sync.</p>;
  if (remotes.length === 0) return <p className="sync-line subtle">Local only: no remotes.</p>;
  return (
    <ul className="sync-lines" aria-label="Sync status" aria-live="polite">
      {remotes.map((r) => (
        <SyncLine key={r.guid} remote={r} askedHere={syncingHere.includes(r.guid)} />
      ))}
    </ul>
  );
}

function SyncLine({ remote, askedHere }: { remote: RemoteStatusAnswer; askedHere: boolean }) {
  const { kind, words, title } = remoteState(remote, Date.now() / 1000, askedHere);
  return (
    <li className={`sync-line sync-${kind}`} title={title || undefined}>
      <SyncIcon kind={kind} />
      <span className="sync-host">{remoteName(remote)}</span> <span className="sync-text">{words}</span>
      {kind === 'attention' && (
        <a className="sync-act" href={routePath({ screen: 'remotes' })}>
          Open Remotes
        </a>
      )}
    </li>
  );
}

/**
 * A shape for each state besides its colour, so that no one needs the colour to tell them apart: a tick,
 * turning arrows, an arrow up, a struck-through cloud, a warning sign, an empty ring. The words say it too.
 */
const SHAPES: Record<SyncKind, ReactElement> = {
  'up-to-date': (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="m8 12.5 2.7 2.7L16.5 9.5" />
    </>
  ),
  syncing: (
    <>
      <path d="M20 12a8 8 0 0 1-13.7 5.6" />
      <path d="M4 12a8 8 0 0 1 13.7-5.6" />
      <path d="M18 3v4h-4M6 21v-4h4" />
    </>
  ),
  waiting: (
    <>
      <path d="M12 19V6" />
      <path d="m6.5 11.5 5.5-5.5 5.5 5.5" />
      <path d="M5 21h14" />
    </>
  ),
  offline: (
    <>
      <path d="M7 18h10.5a4 4 0 0 0 .6-7.95A6 6 0 0 0 6.6 9.3 4.4 4.4 0 0 0 7 18z" />
      <path d="m3 3 18 18" />
    </>
  ),
  attention: (
    <>
      <path d="M12 3.5 2.5 20h19z" />
      <path d="M12 10v4.5M12 17.3v.2" />
    </>
  ),
  never: <circle cx="12" cy="12" r="8" strokeDasharray="3 3.2" />,
};

export function SyncIcon({ kind }: { kind: SyncKind }) {
  return (
    <svg
      className="sync-icon"
      viewBox="0 0 24 24"
      width="16"
      height="16"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {SHAPES[kind]}
    </svg>
  );
}
