import { lazy, Suspense, useEffect, useState, type MouseEvent } from 'react';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { HelpDialog } from '../components/HelpDialog';
import { MenuDrawer, SidePanel, Sidebar } from '../components/Sidebar';
import { BottomBar, TopBar } from '../components/PhoneBars';
import { PHONE, shellLayout, WIDE } from '../util/layouts';
import { useMedia } from '../util/use-media';
import { Toasts } from '../components/Toasts';
import { SignIn } from '../screens/SignIn';
import { TimelineScreen } from '../screens/TimelineScreen';
import { useAccount } from '../state/account';
import { useRoute, type Route } from '../state/route';
import { useSession } from '../state/session';
import { useUi } from '../state/ui';
import { useScheduledKept } from '../state/scheduled-actions';
import { useSyncPolling } from '../state/sync-actions';
import { useEvents, useEventStream } from '../state/event-stream';
import { installKeyboard } from './keyboard';
import { installBridge } from './desktop';
import { installAddresses } from '../state/route';
import { installPendingDeletes } from '../state/post-delete';
import { useDraftsSynced } from '../state/draft-sync';

// Loaded when first used, so that the first timeline needs only the shell's code.
const ThreadScreen = lazy(() => import('../screens/ThreadScreen'));
const ComposerDialog = lazy(() => import('../screens/ComposerDialog'));
const DraftsScreen = lazy(() => import('../screens/DraftsScreen'));
const ScheduledScreen = lazy(() => import('../screens/ScheduledScreen'));
const RemotesScreen = lazy(() => import('../screens/RemotesScreen'));
const SettingsScreen = lazy(() => import('../screens/SettingsScreen'));
const PersonaScreen = lazy(() => import('../screens/PersonaScreen'));

export function App() {
  const signedIn = useSession((s) => s.session.status === 'signed-in');
  return signedIn ? <Shell /> : <SignIn />;
}

function Shell() {
  const load = useAccount((s) => s.load);
  const loadOnce = useAccount((s) => s.loadOnce);
  const loaded = useAccount((s) => s.profile !== null);
  const error = useAccount((s) => s.error);

  const composing = useUi((s) => s.composing);
  // A phone gets bars at the top and bottom and the sidebar as a menu; a wide window a side column.
  const phone = useMedia(PHONE);
  const wide = useMedia(WIDE);
  const [menu, setMenu] = useState(false);
  useScheduledKept();
  useDraftsSynced();
  useEventStream();
  useSyncPolling(useEvents((s) => s.live));
  const route = useRoute((s) => s.route);
  // Going somewhere from the menu closes it.
  useEffect(() => setMenu(false), [route]);
  useEffect(() => {
    void loadOnce();
    const removeKeys = installKeyboard();
    const removeBridge = installBridge();
    const removeAddresses = installAddresses();
    const removeDeletes = installPendingDeletes();
    return () => {
      removeDeletes();
      removeKeys();
      removeBridge();
      removeAddresses();
    };
  }, [loadOnce]);

  // The shell does not wait for the account: the first timeline is asked for at once (its request goes
  // first, as children's effects run before their parent's), with the Persona of the last visit if needed.
  if (!loaded && error) {
    return (
      <main className="state-line" role="alert">
        <p>{error}</p>
        <button type="button" onClick={() => void load()}>
          Try again
        </button>
      </main>
    );
  }
  return (
    <div className={`shell ${shellLayout(phone, wide)}`.trim()}>
      <a className="skip-link" href="#content" onClick={skipToContent}>
        Skip to content
      </a>
      {phone ? (
        <>
          <TopBar onMenu={() => setMenu(true)} />
          <MenuDrawer open={menu} onClose={() => setMenu(false)} />
        </>
      ) : (
        <Sidebar withSync={!wide} />
      )}
      <main id="content" className="content">
        <ErrorBoundary label="this screen">
          <Suspense
            fallback={
              <p className="state-line" role="status">
                Loading…
              </p>
            }
          >
            <Screen />
          </Suspense>
        </ErrorBoundary>
      </main>
      {composing !== null && (
        <ErrorBoundary label="the composer">
          <Suspense fallback={null}>
            <ComposerDialog draftId={composing} />
          </Suspense>
        </ErrorBoundary>
      )}
      {phone && (
        <BottomBar
          onSearch={() => {
            setMenu(true);
            useUi.getState().focusSearch();
          }}
        />
      )}
      {wide && <SidePanel />}
      <HelpDialog />
      <Toasts />
    </div>
  );
}

/**
 * The page's first Tab stop, past the sidebar's two dozen controls: to the post a list stops at (its
 * selected one, or the first in view), where j/k and Tab go on; on a screen without posts, to its title.
 * Handled here, not by the address: `#content` would be taken for a change of screen (state/route.ts).
 */
function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  const main = document.getElementById('content');
  if (!main) return;
  const target =
    main.querySelector<HTMLElement>('article[tabindex="0"]') ?? main.querySelector<HTMLElement>('h1') ?? main;
  // A title (or the content while it loads) is no Tab stop of its own: it takes the focus only when sent there.
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus();
}

function Screen() {
  const route: Route = useRoute((s) => s.route);
  switch (route.screen) {
    case 'timeline':
      return <TimelineScreen kind={route.kind} />;
    case 'channel':
      return <TimelineScreen kind="channel" channel={route.channel} />;
    case 'search':
      return <TimelineScreen kind="search" filter={route.filter} />;
    case 'persona':
      return <PersonaScreen handle={route.handle} />;
    case 'tag':
      return <TimelineScreen kind="tag" tag={route.tag} />;
    case 'thread':
      return <ThreadScreen guid={route.guid} />;
    case 'drafts':
      return <DraftsScreen />;
    case 'scheduled':
      return <ScheduledScreen />;
    case 'remotes':
      return <RemotesScreen />;
    case 'settings':
      return <SettingsScreen />;
  }
}
