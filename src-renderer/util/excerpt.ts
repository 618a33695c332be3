import { charCount, firstChars } from '../../src-shared/util/chars';

/**
 * The words of a post's HTML without its markup, as a reader sees them: blocks apart, spaces collapsed.
 * The HTML is parsed into an inert document (nothing in it runs or loads) and only its text is kept.
 */
export function plainTextOf(html: string): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(html, 'text/html');
  // What a browser never shows as text: a hostile or careless post's script is not its first words.
  for (const hidden of doc.body.querySelectorAll('script, style, noscript, template')) hidden.remove();
  // Blocks end with a space, so that "…end of one paragraph" and "Next" do not run together.
  for (const block of doc.body.querySelectorAll('p, li, h1, h2, h3, h4, h5, h6, blockquote, pre, br, tr, div'))
    block.append(' ');
  return doc.body.textContent.replace(/\s+/g, ' ').trim();
}

/**
 * The beginning of `text`, at most `max` characters (as people count them), cut after a whole word with "…"
 * where it was cut. A first word longer than `max` is cut inside.
 */
export function excerptOf(text: string, max: number): string {
  if (charCount(text) <= max) return text;
  const head = firstChars(text, max);
  const lastSpace = head.lastIndexOf(' ');
  const cut = lastSpace > head.length / 2 ? head.slice(0, lastSpace) : head;
  return `${cut.replace(/[\s,;:.–—-]+$/u, '')}…`;
}

/** Reading time at 230 words a minute, one minute at least. */
export function readingMinutes(text: string): number {
  const words = text.split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.round(words / 230));
}
