import { hashtagsIn, tagKey, tagWord } from '../text/tags';
import { searchWords } from '../text/words';
import type { ChangeRow, PostRow } from './rows';

/** See ChangeRow. */
export const changeRowOf = (post: PostRow): ChangeRow => ({
  changeUnix: Math.max(post.updatedUnix, post.publishUnix),
  postGuid: post.guid,
});

/**
 * The most distinct words a post is found by. Each is a change to the search index, and a post of 100,000
 * characters can hold 12,500 of them: indexing those in one go took more than the headless host's whole
 * heap (and again at every start, the post still queued). 1,000 distinct words is an article of about
 * 5,000 words; a longer one is found by the words of its first part.
 */
export const MAX_WORDS_PER_POST = 1_000;

/**
 * The words a post is found by, the first MAX_WORDS_PER_POST: one `tagWord` per tag, by which a tag is
 * found exactly (a `#tag` written in the text counts as one: the page links it to the tag's posts), then the words of its title, the title and host of the page it is about (a bookmark or a
 * quotation is found by the page's name), its tags and its text. Deleted posts have none.
 */
export function wordsOf(post: PostRow): string[] {
  if (post.deleted) return [];
  const tags = [...post.tags, ...[...hashtagsIn(post.text)].map((found) => found.tag)];
  const tagWords = [...new Set(tags.filter((tag) => tagKey(tag) !== '').map(tagWord))];
  const words = searchWords(
    post.title ?? '',
    post.sourceTitle ?? '',
    (post.sourceUrl && URL.parse(post.sourceUrl)?.hostname) || '',
    post.tags.join(' '),
    post.text,
  );
  return [...tagWords, ...words].slice(0, MAX_WORDS_PER_POST);
}

/** Whether a post holds every one of these words, as the index would say once it has the post. */
export function holdsWords(post: PostRow, words: readonly string[]): boolean {
  const held = new Set(wordsOf(post));
  return words.every((word) => held.has(word));
}
