import { anyone, route, signedIn, type Route } from '../router';
import { globalBlurbs, homeBlurbs } from './blurbs';
import { interactionBlurbs, mentionBlurbs, pinnedPosts } from './collections';
import { deleteContent, getContent, pinContent, toggleStar } from './content-actions';
import { listContent } from './content-list';
import { writeContent } from './content-write';
import { repostContent } from './repost';
import { searchBlurbs } from './search';
import { userRoutes } from './user-routes';
import {
  blurbsInput,
  contentActingInput,
  contentDeleteInput,
  contentPinInput,
  contentReadInput,
  contentWriteInput,
  postIdsInput,
  searchInput,
} from '../../api/legacy-inputs';
import { legacyDeleteAnswer, legacyPostsAnswer } from '../../api/legacy-answers';

const posts = legacyPostsAnswer;

/** The legacy interface (section 4.1): `/content` and `/users`, one line a route as in ../routes.ts. */
export const legacyRoutes: readonly Route[] = [
  route({ method: 'GET', pattern: '/content', access: anyone, input: postIdsInput, output: posts, handler: listContent }),
  route({ method: 'POST', pattern: '/content', access: signedIn, input: contentWriteInput, output: posts, handler: writeContent }),
  route({ method: 'GET', pattern: '/content/blurbs/global', access: anyone, input: blurbsInput, output: posts, handler: globalBlurbs }),
  route({ method: 'GET', pattern: '/content/blurbs/home', access: signedIn, input: blurbsInput, output: posts, handler: homeBlurbs }),
  route({ method: 'GET', pattern: '/content/blurbs/mentions', access: signedIn, input: blurbsInput, output: posts, handler: mentionBlurbs }),
  route({ method: 'GET', pattern: '/content/blurbs/interactions', access: signedIn, input: blurbsInput, output: posts, handler: interactionBlurbs }),
  route({ method: 'GET', pattern: '/content/blurbs/pins', access: signedIn, input: blurbsInput, output: posts, handler: pinnedPosts }),
  route({ method: 'GET', pattern: '/content/blurbs/search', access: anyone, input: searchInput, output: posts, handler: searchBlurbs }),
  route({ method: 'POST', pattern: '/content/pin', access: signedIn, input: contentPinInput, output: posts, handler: pinContent }),
  route({ method: 'POST', pattern: '/content/star/:id', access: signedIn, input: contentActingInput, output: posts, handler: toggleStar }),
  route({ method: 'POST', pattern: '/content/repost/:id', access: signedIn, input: contentActingInput, output: posts, handler: repostContent }),
  route({ method: 'GET', pattern: '/content/:id', access: anyone, input: contentReadInput, output: posts, handler: getContent }),
  route({ method: 'DELETE', pattern: '/content/:id', access: signedIn, input: contentDeleteInput, output: legacyDeleteAnswer, handler: deleteContent }),
  ...userRoutes,
];
