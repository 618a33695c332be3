import { searchWords } from '../text/words';
import type { PostRow, WordRow } from './rows';

/** See PostRow.changeUnix. */
export const changeUnixOf = (post: Pick<PostRow, 'updatedUnix' | 'publishUnix'>): number =>
  Math.max(post.updatedUnix, post.publishUnix);

/** The search index rows of a post: its title, text and tags. Deleted posts have none. */
export function wordRowsOf(post: PostRow): WordRow[] {
  if (post.deleted) return [];
  return searchWords(post.title ?? '', post.text, post.tags.join(' ')).map((word) => ({
    word,
    order: post.order,
    postGuid: post.guid,
  }));
}
