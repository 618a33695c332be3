import { compose, toggleStar, togglePin } from '../state/actions';
import { useAccount } from '../state/account';
import { usePosts } from '../state/posts';
import { go, type Route } from '../state/route';
import { useTimelines } from '../state/timelines';
import { useUi } from '../state/ui';

/** After `g`: where the second key goes. */
const GO_TO: Record<string, Route> = {
  h: { screen: 'timeline', kind: 'home' },
  m: { screen: 'timeline', kind: 'mentions' },
  i: { screen: 'timeline', kind: 'interactions' },
  p: { screen: 'timeline', kind: 'pins' },
  g: { screen: 'timeline', kind: 'global' },
  d: { screen: 'drafts' },
  r: { screen: 'remotes' },
  s: { screen: 'settings' },
};

/** Keys typed into a field are the field's; so are keys with Ctrl, Alt or Meta (the browser's and the menu's). */
function isForThePage(event: KeyboardEvent): boolean {
  if (event.ctrlKey || event.altKey || event.metaKey || event.defaultPrevented) return false;
  const target = event.target as HTMLElement | null;
  if (!target) return true;
  if (target.isContentEditable) return false;
  return !['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** The posts on screen that j/k move through: the open conversation, or the timeline. */
function listOnScreen(): readonly string[] {
  const { thread, activeTimeline } = useUi.getState();
  if (thread) return thread.guids;
  return activeTimeline === null ? [] : (useTimelines.getState().byKey[activeTimeline]?.guids ?? []);
}

/** Whether the focus is on a post of the list or inside one (not in one of its fields: those keep their keys). */
function inList(event: KeyboardEvent): boolean {
  return event.target instanceof Element && event.target.closest('article[data-index]') !== null;
}

/** The selected post; for a repost, the post it reposts, as its buttons act on that one. */
function selectedPost() {
  const guid = listOnScreen()[useUi.getState().selected];
  const { byGuid } = usePosts.getState();
  const post = guid === undefined ? null : (byGuid[guid] ?? null);
  if (post?.repost_of == null) return post;
  return byGuid[post.repost_of] ?? post.original ?? post;
}

/** The page's shortcuts (issue item 9); `?` lists them. Answers the function that removes the listener. */
export function installKeyboard(target: Window = window): () => void {
  let pendingG = false;
  let gTimer: ReturnType<typeof setTimeout> | undefined;

  const onKey = (event: KeyboardEvent) => {
    const ui = useUi.getState();
    if (ui.helpOpen) {
      // Closed here at once: the dialog's own close event comes a moment later, and the next key should not wait.
      if (event.key === 'Escape') ui.setHelp(false);
      return;
    }
    if (ui.composing !== null || !isForThePage(event)) return;
    const key = event.key;
    if (pendingG) {
      pendingG = false;
      clearTimeout(gTimer);
      const route = GO_TO[key];
      if (route) {
        event.preventDefault();
        go(route);
      }
      return;
    }
    const action = actionFor(key, event);
    if (!action) return;
    event.preventDefault();
    action();
  };

  /** What a key does where the page is now, or null when it does nothing here. */
  const actionFor = (key: string, event: KeyboardEvent): (() => void) | null => {
    const ui = useUi.getState();
    const post = selectedPost();
    const count = listOnScreen().length;
    if (key === 'j' || (key === 'ArrowDown' && inList(event)))
      return () => ui.select(Math.min(ui.selected + 1, count - 1));
    if (key === 'k' || (key === 'ArrowUp' && inList(event))) return () => ui.select(Math.max(ui.selected - 1, 0));
    if (key === 'Home' && inList(event)) return () => ui.select(Math.min(0, count - 1));
    if (key === 'End' && inList(event)) return () => ui.select(count - 1);
    if (
      (key === 'o' || key === 'Enter') &&
      post &&
      (key === 'o' || (event.target as HTMLElement).tagName === 'ARTICLE')
    ) {
      return () => go({ screen: 'thread', guid: post.guid });
    }
    // In a conversation the reply is written in place, under its post.
    if (key === 'r' && post) return () => (ui.thread ? ui.thread.reply(post) : compose({ replyTo: post }));
    if (key === 's' && post) return () => void toggleStar(post.guid);
    if (key === 'p' && post) return () => togglePin(post);
    if (key === 'n') return () => compose();
    if (key === '/') return () => ui.focusSearch();
    if (key === '?') return () => ui.setHelp(true);
    if (key === 'g') {
      return () => {
        pendingG = true;
        gTimer = setTimeout(() => (pendingG = false), 1500);
      };
    }
    if (/^[1-9]$/.test(key)) return () => useAccount.getState().switchTo(Number(key));
    return null;
  };

  target.addEventListener('keydown', onKey);
  return () => target.removeEventListener('keydown', onKey);
}
