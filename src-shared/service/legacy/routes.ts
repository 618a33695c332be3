import type { Route } from '../router';
import { globalBlurbs } from './blurbs';
import { deleteContent, getContent, pinContent, toggleStar } from './content-actions';
import { listContent } from './content-list';
import { writeContent } from './content-write';
import { userRoutes } from './user-routes';

/** The legacy interface (section 4.1): `/content` and `/users`. */
export const legacyRoutes: readonly Route[] = [
  { method: 'GET', pattern: '/content', handler: listContent },
  { method: 'POST', pattern: '/content', handler: writeContent },
  { method: 'GET', pattern: '/content/blurbs/global', handler: globalBlurbs },
  { method: 'POST', pattern: '/content/pin', handler: pinContent },
  { method: 'POST', pattern: '/content/star/:id', handler: toggleStar },
  { method: 'GET', pattern: '/content/:id', handler: getContent },
  { method: 'DELETE', pattern: '/content/:id', handler: deleteContent },
  ...userRoutes,
];
