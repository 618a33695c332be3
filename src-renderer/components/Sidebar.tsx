import { compose } from '../state/actions';
import { channelName, useAccount, writableChannels } from '../state/account';
import { useCurrentDraftCount } from '../state/draft-count';
import { useScheduledCount } from '../state/scheduled';
import { routePath, useRoute, type Route } from '../state/route';
import { useSession } from '../state/session';
import { useSync } from '../state/sync';
import { syncNow } from '../state/sync-actions';
import { useRef } from 'react';
import { useModalDialog } from './modal-dialog';
import { PersonaSwitcher } from './PersonaSwitcher';
import { SearchBox } from './SearchBox';
import { SyncStatus } from './SyncStatus';

const TIMELINES = [
  ['home', 'Home', 'g h'],
  ['mentions', 'Mentions', 'g m'],
  ['interactions', 'Interactions', 'g i'],
  ['pins', 'Pins', 'g p'],
  ['global', 'Everything', 'g g'],
] as const;

function NavLink({ route, label, hint }: { route: Route; label: string; hint?: string }) {
  const current = useRoute((s) => s.route);
  const active = JSON.stringify(current) === JSON.stringify(route);
  return (
    // A plain click changes the screen in place (state/route.ts installAddresses); with a modifier it opens
    // the address as the browser does, in a new tab or window.
    <a href={routePath(route)} className="nav-link" aria-current={active ? 'page' : undefined}>
      {label} {hint && <kbd aria-hidden="true">{hint}</kbd>}
    </a>
  );
}

/**
 * The left column: Personas, search, timelines, the current Persona's Channels, drafts, remotes and, unless
 * a wide window shows it in the side column, sync.
 */
export function Sidebar({ withSync = true }: { withSync?: boolean }) {
  const current = useAccount((s) => s.currentGuid);
  const channels = useAccount((s) => s.channels);
  const drafts = useCurrentDraftCount();
  const scheduled = useScheduledCount();
  const signedInBy = useSession((s) => (s.session.status === 'signed-in' ? s.session.source : null));
  return (
    <aside className="sidebar" aria-label="Desk">
      <div className="brand">Publishing Desk</div>
      <PersonaSwitcher />
      <button type="button" className="primary new-post" onClick={() => compose()}>
        New post <kbd aria-hidden="true">n</kbd>
      </button>
      <SearchBox />
      <nav aria-label="Timelines">
        <ul className="nav-list">
          {TIMELINES.map(([kind, label, hint]) => (
            <li key={kind}>
              <NavLink route={{ screen: 'timeline', kind }} label={label} hint={hint} />
            </li>
          ))}
        </ul>
        <h2 className="nav-heading">Channels</h2>
        <ul className="nav-list">
          {writableChannels(current, channels).map((c) => (
            <li key={c.guid}>
              <NavLink route={{ screen: 'channel', channel: c.guid }} label={channelName(c)} />
            </li>
          ))}
        </ul>
        <ul className="nav-list nav-tools">
          <li>
            <NavLink route={{ screen: 'drafts' }} label={`Drafts${drafts > 0 ? ` (${drafts})` : ''}`} />
          </li>
          <li>
            <NavLink route={{ screen: 'scheduled' }} label={`Scheduled${scheduled > 0 ? ` (${scheduled})` : ''}`} />
          </li>
          <li>
            <NavLink route={{ screen: 'remotes' }} label="Remotes and sync" />
          </li>
          <li>
            <NavLink route={{ screen: 'settings' }} label="Profile and Personas" />
          </li>
        </ul>
      </nav>
      <div className="sidebar-foot">
        {withSync && <SyncPart />}
        {signedInBy !== 'desktop' && signedInBy !== null && (
          <button type="button" className="link-button" onClick={() => void useSession.getState().signOut()}>
            Sign out
          </button>
        )}
      </div>
    </aside>
  );
}

/** Each remote's state, and Sync now where there is something to sync with. */
function SyncPart() {
  const { syncingNow, remotes } = useSync();
  return (
    <>
      <SyncStatus />
      {remotes.length > 0 && (
        // Busy and disabled while it runs: a second press cannot start a second sync. What it came to is a message.
        <button type="button" onClick={() => void syncNow()} disabled={syncingNow} aria-busy={syncingNow}>
          {syncingNow ? 'Syncing…' : 'Sync now'}
        </button>
      )}
    </>
  );
}

/** A wide window's side column: what goes on in the background, beside the posts rather than under the menu. */
export function SidePanel() {
  const scheduled = useScheduledCount();
  return (
    <aside className="side-panel" aria-label="Sync and scheduled">
      <h2 className="nav-heading">Sync</h2>
      <SyncPart />
      <h2 className="nav-heading">Scheduled</h2>
      <p className="sync-line">
        {scheduled === 0 ? (
          'Nothing waits for its time.'
        ) : (
          <a href={routePath({ screen: 'scheduled' })}>
            {scheduled === 1 ? '1 post waits for its time' : `${scheduled} posts wait for their time`}
          </a>
        )}
      </p>
    </aside>
  );
}

/** On a phone the sidebar is a menu over the screen, opened from the top bar; Escape or a choice closes it. */
export function MenuDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useModalDialog(dialog, open);
  if (!open) return null;
  return (
    <dialog
      ref={dialog}
      className="drawer"
      aria-label="Menu"
      onClose={onClose}
      // A click on the backdrop (the dialog itself, outside its contents) closes it.
      onClick={(event) => event.target === event.currentTarget && onClose()}
    >
      <button type="button" className="link-button drawer-close" onClick={onClose}>
        Close menu
      </button>
      <Sidebar />
    </dialog>
  );
}
