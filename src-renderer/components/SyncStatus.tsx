import { useEffect } from 'react';
import { describeRemote, remoteName, useSync } from '../state/sync';

/** How often the status line asks; cheap, as the instance answers from its own store. */
const REFRESH_MS = 4000;

/** One line per remote: synced, syncing, offline, N waiting to send, or what needs attention. */
export function SyncStatus() {
  const { remotes, available, refresh } = useSync();
  useEffect(() => {
    // The first look waits a moment: the first timeline matters more while the page opens.
    const first = setTimeout(() => void refresh(), 700);
    const timer = setInterval(() => void refresh(), REFRESH_MS);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [refresh]);
  if (!available) return <p className="sync-line subtle">This host does not sync.</p>;
  if (remotes.length === 0) return <p className="sync-line subtle">Local only: no remotes.</p>;
  return (
    <ul className="sync-lines" aria-label="Sync status" aria-live="polite">
      {remotes.map((r) => {
        const { health, text } = describeRemote(r);
        return (
          <li key={r.guid} className={`sync-line health-${health}`}>
            <span className="sync-dot" aria-hidden="true" />
            <span className="sync-host">{remoteName(r)}</span> <span className="sync-text">{text}</span>
          </li>
        );
      })}
    </ul>
  );
}
