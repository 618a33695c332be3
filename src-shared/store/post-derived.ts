import { searchWords } from '../text/words';
import type { ChangeRow, PostRow, WordRow } from './rows';

/** See ChangeRow. */
export const changeRowOf = (post: PostRow): ChangeRow => ({
  changeUnix: Math.max(post.updatedUnix, post.publishUnix),
  postGuid: post.guid,
});

/** The search index rows of a post: its title, text and tags. Deleted posts have none. */
export function wordRowsOf(post: PostRow): WordRow[] {
  if (post.deleted) return [];
  return searchWords(post.title ?? '', post.text, post.tags.join(' ')).map((word) => ({
    word,
    order: post.order,
    postGuid: post.guid,
  }));
}
