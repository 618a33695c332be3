import { searchWords } from '../text/words';
import type { ChangeRow, PostRow } from './rows';

/** See ChangeRow. */
export const changeRowOf = (post: PostRow): ChangeRow => ({
  changeUnix: Math.max(post.updatedUnix, post.publishUnix),
  postGuid: post.guid,
});

/** The words a post is found by: those of its title, text and tags. Deleted posts have none. */
export function wordsOf(post: PostRow): string[] {
  if (post.deleted) return [];
  return searchWords(post.title ?? '', post.text, post.tags.join(' '));
}

/** Whether a post holds every one of these words, as the index would say once it has the post. */
export function holdsWords(post: PostRow, words: readonly string[]): boolean {
  const held = new Set(wordsOf(post));
  return words.every((word) => held.has(word));
}
