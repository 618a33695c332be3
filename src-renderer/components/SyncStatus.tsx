import { useEffect } from 'react';
import { describeRemote, remoteName, useSync } from '../state/sync';

/** How often the status line asks; cheap, as the instance answers from its own store. */
const REFRESH_MS = 4000;
/** While a sync runs, often enough for its count of what waits to be sent to show progress. */
const SYNCING_REFRESH_MS = 1000;

/** One line per remote: synced, syncing, offline, N waiting to send, or what needs attention. */
export function SyncStatus() {
  const { remotes, available, refresh, syncingHere } = useSync();
  const busy = syncingHere.length > 0 || remotes.some((r) => r.syncing);
  useEffect(() => {
    // The first look waits a moment: the first timeline matters more while the page opens.
    const first = setTimeout(() => void refresh(), 700);
    return () => clearTimeout(first);
  }, [refresh]);
  useEffect(() => {
    const timer = setInterval(() => void refresh(), busy ? SYNCING_REFRESH_MS : REFRESH_MS);
    return () => clearInterval(timer);
  }, [refresh, busy]);
  if (!available) return <p className="sync-line subtle">This host does not sync.</p>;
  if (remotes.length === 0) return <p className="sync-line subtle">Local only: no remotes.</p>;
  return (
    <ul className="sync-lines" aria-label="Sync status" aria-live="polite">
      {remotes.map((r) => {
        const { health, text } = describeRemote(r, Date.now() / 1000, syncingHere.includes(r.guid));
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
