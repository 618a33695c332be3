import type { Route } from '../router';
import { globalBlurbs, homeBlurbs } from './blurbs';
import { interactionBlurbs, mentionBlurbs, pinnedPosts } from './collections';
import { deleteContent, getContent, pinContent, toggleStar } from './content-actions';
import { listContent } from './content-list';
import { writeContent } from './content-write';
import { repostContent } from './repost';
import { searchBlurbs } from './search';
import { userRoutes } from './user-routes';

/** The legacy interface (section 4.1): `/content` and `/users`. */
export const legacyRoutes: readonly Route[] = [
  { method: 'GET', pattern: '/content', handler: listContent },
  { method: 'POST', pattern: '/content', handler: writeContent },
  { method: 'GET', pattern: '/content/blurbs/global', handler: globalBlurbs },
  { method: 'GET', pattern: '/content/blurbs/home', handler: homeBlurbs },
  { method: 'GET', pattern: '/content/blurbs/mentions', handler: mentionBlurbs },
  { method: 'GET', pattern: '/content/blurbs/interactions', handler: interactionBlurbs },
  { method: 'GET', pattern: '/content/blurbs/pins', handler: pinnedPosts },
  { method: 'GET', pattern: '/content/blurbs/search', handler: searchBlurbs },
  { method: 'POST', pattern: '/content/pin', handler: pinContent },
  { method: 'POST', pattern: '/content/star/:id', handler: toggleStar },
  { method: 'POST', pattern: '/content/repost/:id', handler: repostContent },
  { method: 'GET', pattern: '/content/:id', handler: getContent },
  { method: 'DELETE', pattern: '/content/:id', handler: deleteContent },
  ...userRoutes,
];
