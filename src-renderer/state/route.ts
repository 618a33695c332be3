import { create } from 'zustand';

/**
 * Where the person is, kept in the URL's path: every screen has an address that a link, a reload, a
 * bookmark and the browser's Back and Forward return to. Both hosts serve the page at any of them
 * (src-main/host/static.ts). Addresses of the earlier `#/…` form still open where they pointed.
 */
export type Route =
  | { screen: 'timeline'; kind: 'home' | 'global' | 'mentions' | 'interactions' | 'pins' }
  | { screen: 'channel'; channel: string }
  | { screen: 'search'; filter: string }
  | { screen: 'persona'; handle: string }
  | { screen: 'tag'; tag: string }
  | { screen: 'thread'; guid: string }
  | { screen: 'drafts' }
  | { screen: 'scheduled' }
  | { screen: 'remotes' }
  | { screen: 'settings' };

type TimelineKind = Extract<Route, { screen: 'timeline' }>['kind'];

/** Each timeline's address; Home is the root. */
const TIMELINE_PATHS: Readonly<Record<TimelineKind, string>> = {
  home: '/',
  global: '/everything',
  mentions: '/mentions',
  interactions: '/interactions',
  pins: '/pins',
};
const SCREENS = ['drafts', 'scheduled', 'remotes', 'settings'] as const;
const HOME: Route = { screen: 'timeline', kind: 'home' };

const decoded = (segment: string): string => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return '';
  }
};

/** The screen an address names (path and query, or an earlier `#/…` fragment); Home for anything else. */
export function parseRoute(address: string): Route {
  if (address.startsWith('#')) return parseFragment(address);
  const url = new URL(address, 'http://page.invalid');
  const [first = '', second = '', ...rest] = url.pathname.split('/').filter(Boolean);
  const value = decoded(second);
  if (rest.length > 0) return HOME;
  const timeline = (Object.keys(TIMELINE_PATHS) as TimelineKind[]).find((kind) => TIMELINE_PATHS[kind] === `/${first}`);
  if (timeline && !second) return { screen: 'timeline', kind: timeline };
  if (first === 'channels' && value) return { screen: 'channel', channel: value };
  if (first === 'posts' && value) return { screen: 'thread', guid: value };
  if (first === 'tags' && value) return { screen: 'tag', tag: value };
  // `/@handle`: a Persona's page, as the web writes it.
  if (first.startsWith('@') && !second) {
    const handle = decoded(first.slice(1));
    return handle ? { screen: 'persona', handle } : HOME;
  }
  if (first === 'search' && !second) {
    const filter = url.searchParams.get('q') ?? '';
    return filter ? { screen: 'search', filter } : HOME;
  }
  const screen = SCREENS.find((name) => name === first);
  return screen && !second ? { screen } : HOME;
}

/** `#/t/mentions`, `#/post/<guid>` and the like, as addresses were written before they had paths. */
function parseFragment(hash: string): Route {
  const [first = '', second = ''] = hash.replace(/^#\/?/, '').split('/');
  const value = decoded(second);
  const kinds = Object.keys(TIMELINE_PATHS) as TimelineKind[];
  const kind = kinds.find((k) => k === value);
  if (first === 't' && kind) return { screen: 'timeline', kind };
  if (first === 'channel' && value) return { screen: 'channel', channel: value };
  if (first === 'search' && value) return { screen: 'search', filter: value };
  if (first === 'post' && value) return { screen: 'thread', guid: value };
  const screen = SCREENS.find((name) => name === first);
  return screen ? { screen } : HOME;
}

/** The address of a screen: what links show and what the browser's address bar holds. */
export function routePath(route: Route): string {
  switch (route.screen) {
    case 'timeline':
      return TIMELINE_PATHS[route.kind];
    case 'channel':
      return `/channels/${encodeURIComponent(route.channel)}`;
    case 'search':
      return `/search?${new URLSearchParams({ q: route.filter }).toString()}`;
    case 'thread':
      return `/posts/${encodeURIComponent(route.guid)}`;
    case 'persona':
      return `/@${encodeURIComponent(route.handle)}`;
    case 'tag':
      return `/tags/${encodeURIComponent(route.tag)}`;
    default:
      return `/${route.screen}`;
  }
}

const here = (): string => `${location.pathname}${location.search}`;

/** Where the page is now; an earlier `#/…` address counts where the path says nothing. */
const currentRoute = (): Route =>
  location.hash.startsWith('#/') && location.pathname === '/' ? parseRoute(location.hash) : parseRoute(here());

interface RouteStore {
  route: Route;
  go: (route: Route) => void;
}

export const useRoute = create<RouteStore>((set) => ({
  route: typeof location === 'undefined' ? HOME : currentRoute(),
  go: (route) => {
    const path = routePath(route);
    if (here() !== path || location.hash) history.pushState(null, '', path);
    set({ route });
  },
}));

export const go = (route: Route) => useRoute.getState().go(route);

/**
 * Keeps the screen and the address together: Back and Forward show the screen of the address they go to,
 * and a plain click on a link to one of the page's own addresses changes the screen without loading the
 * page again (a click with a modifier, or on a link to elsewhere, does what the browser does). Answers the
 * function that stops it.
 */
export function installAddresses(target: Window = window): () => void {
  // An earlier `#/…` address is shown under its path from now on.
  if (location.hash.startsWith('#/')) history.replaceState(null, '', routePath(currentRoute()));
  const onPop = () => useRoute.setState({ route: currentRoute() });
  const onClick = (event: MouseEvent) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (
      !(link instanceof HTMLAnchorElement) ||
      (link.target && link.target !== '_self') ||
      link.hasAttribute('download')
    )
      return;
    const url = new URL(link.href);
    if (url.origin !== location.origin) return;
    const address = `${url.pathname}${url.search}`;
    // Only the page's own addresses: the API and anything else on the origin load as they are.
    if (routePath(parseRoute(address)) !== address) return;
    event.preventDefault();
    go(parseRoute(address));
  };
  target.addEventListener('popstate', onPop);
  target.document.addEventListener('click', onClick);
  return () => {
    target.removeEventListener('popstate', onPop);
    target.document.removeEventListener('click', onClick);
  };
}

/**
 * The page of a post's author. The instance names it in `profile_url` (`/@handle`, or `/@handle@host` for an
 * author of a remote, whose handle may also be one of this desk's own); any other URL, or none, falls back
 * to the handle alone.
 */
export function personaRoute(persona: { as: string; profile_url: string }): Route {
  try {
    const route = parseRoute(new URL(persona.profile_url).pathname);
    if (route.screen === 'persona') return route;
  } catch {
    // Not a URL: the handle it is.
  }
  return { screen: 'persona', handle: persona.as };
}
