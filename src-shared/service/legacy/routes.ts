import type { contentRoutes } from '../../api/legacy-routes';
import type { Implementations } from '../router';
import { globalBlurbs, homeBlurbs } from './blurbs';
import { interactionBlurbs, mentionBlurbs, pinnedPosts } from './collections';
import { deleteContent, getContent, pinContent, toggleStar } from './content-actions';
import { listContent } from './content-list';
import { writeContent } from './content-write';
import { repostContent } from './repost';
import { searchBlurbs } from './search';

/** `/content` of the legacy interface (api/legacy-routes.ts), a handler a route. */
export const contentHandlers: Implementations<typeof contentRoutes> = {
  content: listContent,
  writeContent,
  globalBlurbs,
  homeBlurbs,
  mentionBlurbs,
  interactionBlurbs,
  pinnedBlurbs: pinnedPosts,
  searchBlurbs,
  pinContent,
  starContent: toggleStar,
  repostContent,
  readContent: getContent,
  deleteContent,
};
