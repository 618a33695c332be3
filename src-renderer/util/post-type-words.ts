import { isInstancePostType, type InstancePostType } from '../../src-shared/api/vocabulary';

/** What the page calls each post type, one and many: every label, filter and sentence takes it from here. */
export const POST_TYPE_WORDS: Record<InstancePostType, { one: string; many: string }> = {
  'post.note': { one: 'Note', many: 'Notes' },
  'post.article': { one: 'Article', many: 'Articles' },
  'post.bookmark': { one: 'Bookmark', many: 'Bookmarks' },
  'post.quotation': { one: 'Quotation', many: 'Quotations' },
};

/** A type's name in a sentence ("notes"); a type this page does not know by its own name ("podcast"). */
export const typeInSentence = (type: string): string =>
  isInstancePostType(type) ? POST_TYPE_WORDS[type].many.toLowerCase() : type.replace(/^post\./, '');
