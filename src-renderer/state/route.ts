import { create } from 'zustand';

/**
 * Where the person is, kept in the URL's fragment: a reload or the back button returns there, and the
 * page needs nothing from the server but `/` (the built page's assets are relative to it).
 */
export type Route =
  | { screen: 'timeline'; kind: 'home' | 'global' | 'mentions' | 'interactions' | 'pins' }
  | { screen: 'channel'; channel: string }
  | { screen: 'search'; filter: string }
  | { screen: 'thread'; guid: string }
  | { screen: 'drafts' }
  | { screen: 'remotes' }
  | { screen: 'settings' };

const TIMELINES = ['home', 'global', 'mentions', 'interactions', 'pins'] as const;

export function parseRoute(hash: string): Route {
  const [first = '', second = ''] = hash.replace(/^#\/?/, '').split('/');
  const value = decodeURIComponent(second);
  if (first === 't' && (TIMELINES as readonly string[]).includes(value)) return { screen: 'timeline', kind: value as (typeof TIMELINES)[number] };
  if (first === 'channel' && value) return { screen: 'channel', channel: value };
  if (first === 'search' && value) return { screen: 'search', filter: value };
  if (first === 'post' && value) return { screen: 'thread', guid: value };
  if (first === 'drafts' || first === 'remotes' || first === 'settings') return { screen: first };
  return { screen: 'timeline', kind: 'home' };
}

export function routeHash(route: Route): string {
  switch (route.screen) {
    case 'timeline':
      return `#/t/${route.kind}`;
    case 'channel':
      return `#/channel/${encodeURIComponent(route.channel)}`;
    case 'search':
      return `#/search/${encodeURIComponent(route.filter)}`;
    case 'thread':
      return `#/post/${encodeURIComponent(route.guid)}`;
    default:
      return `#/${route.screen}`;
  }
}

interface RouteStore {
  route: Route;
  go: (route: Route) => void;
}

export const useRoute = create<RouteStore>((set) => ({
  route: typeof location === 'undefined' ? { screen: 'timeline', kind: 'home' } : parseRoute(location.hash),
  go: (route) => {
    const hash = routeHash(route);
    if (location.hash !== hash) location.hash = hash;
    set({ route });
  },
}));

if (typeof window !== 'undefined') {
  window.addEventListener('hashchange', () => useRoute.setState({ route: parseRoute(location.hash) }));
}

export const go = (route: Route) => useRoute.getState().go(route);
