export { bioHtmlOf, renderMarkdown } from './markdown';
export { sanitizeHtml, isAllowedUrl, isWebUrl } from './sanitize';
export { looksLikeHtml, toMarkdown } from './html-to-markdown';
export { extractMentionHandles, mentionsIn } from './mentions';
export { hashtagsIn, parseTags, tagKey, tagWord } from './tags';
export type { ParsedTags } from './tags';
export { MIN_WORD_CHARS, placedRuns, searchWords, wordRuns } from './words';
