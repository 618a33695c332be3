import { linkTagsAndMentions, type LinkedNames } from './post-links';
import { markWords } from '../util/word-marks';

/** A post's HTML as the page shows it, and what of its tags and mentions the text already links to. */
export interface ShownHtml {
  html: string;
  linked: LinkedNames;
}

/**
 * A post's sanitised HTML with its `#tags` and `@mentions` made links (post-links.ts) and, in search
 * results, the searched words marked (word-marks.ts). Both only add elements around text that is there:
 * nothing is unescaped, and what was safe stays safe. Links are made first, so a tag that is searched is
 * marked inside its link.
 */
export function showPostHtml(safeHtml: string, words: readonly string[]): ShownHtml {
  const template = document.createElement('template');
  template.innerHTML = safeHtml;
  const linked = linkTagsAndMentions(template.content);
  markWords(template.content, words);
  return { html: template.innerHTML, linked };
}
