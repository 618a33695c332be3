import type { Token } from 'marked';
import { BLOCK_ELEMENTS, VOID_ELEMENTS } from './html-elements';
import { htmlInText, type HtmlTag } from './html-tags';
import { OpenElements } from './open-elements';

/** A stretch of a text that is HTML: what is converted to Markdown, and nothing around it. */
export interface HtmlFragment {
  start: number;
  end: number;
  /** Holds a block element (`<p>`, `<div>`, `<li>`, …), so it converts to blocks rather than a run of text. */
  block: boolean;
}

/** How a text reads: its HTML fragments, and every `<` that only looks like HTML. */
export interface HtmlReading {
  fragments: HtmlFragment[];
  /** Offsets of each `<` marked would take as HTML but that opens no tag of a fragment: `a<b and c>d`. */
  strays: number[];
}

/**
 * Elements that are whole: an element closed by its own closing tag (with whatever is inside), a void
 * element (`<br>`, `<img>`), a self-closed tag, or a doctype. An opening tag never closed is not HTML but
 * text such as `if a<b and c>d`; the elements inside it still are.
 */
function wholeElements(tags: readonly HtmlTag[]): HtmlFragment[] {
  const spans: HtmlFragment[] = [];
  const open = new OpenElements<HtmlTag>();
  for (const tag of tags) {
    if (tag.name === '!doctype' || VOID_ELEMENTS.has(tag.name) || (tag.selfClosing && !tag.closing)) {
      spans.push({ start: tag.start, end: tag.end, block: BLOCK_ELEMENTS.has(tag.name) });
    } else if (!tag.closing) {
      open.open(tag);
    } else {
      // Elements left open inside this one end with it, as in a browser.
      const opener = open.close(tag.name);
      if (opener !== undefined) spans.push({ start: opener.start, end: tag.end, block: BLOCK_ELEMENTS.has(tag.name) });
    }
  }
  return spans.sort((a, b) => a.start - b.start || b.end - a.end);
}

/**
 * Elements inside one another, or next to one another with only spaces between, are one fragment; blocks
 * on the next line too, so that `<p>a</p>` and `<p>b</p>` stay two paragraphs rather than running together.
 */
function joinNeighbours(source: string, spans: readonly HtmlFragment[]): HtmlFragment[] {
  const joined: HtmlFragment[] = [];
  for (const span of spans) {
    const last = joined.at(-1);
    const gap = last ? source.slice(last.end, Math.max(last.end, span.start)) : '';
    if (
      last &&
      (span.start < last.end || /^[ \t]*$/.test(gap) || ((last.block || span.block) && /^[ \t]*\n[ \t]*$/.test(gap)))
    ) {
      last.end = Math.max(last.end, span.end);
      last.block ||= span.block;
    } else {
      joined.push({ ...span });
    }
  }
  return joined;
}

/** How `source` reads; `tokens`, when given, are what marked read of it already. */
export function readHtml(source: string, tokens?: readonly Token[]): HtmlReading {
  if (!source.includes('<')) return { fragments: [], strays: [] };
  const { tags, openers } = htmlInText(source, tokens);
  const fragments = joinNeighbours(source, wholeElements(tags));
  const tagsInFragments = new Set<number>();
  // Both lists are in the order of the text, and a fragment's tags follow one another: one pass over each.
  let next = 0;
  for (const fragment of fragments) {
    while ((tags[next]?.start ?? Infinity) < fragment.start) next++;
    for (let tag = tags[next]; tag !== undefined && tag.end <= fragment.end; tag = tags[++next])
      tagsInFragments.add(tag.start);
  }
  return { fragments, strays: openers.filter((at) => !tagsInFragments.has(at)) };
}

/** `source` with each stray `<` (from readHtml) written as `&lt;`, so that it shows as the author typed it. */
export function escapeStrays(source: string, strays: readonly number[], offset = 0): string {
  let out = '';
  let from = 0;
  for (const at of strays) {
    const local = at - offset;
    if (local < 0 || local >= source.length) continue;
    out += `${source.slice(from, local)}&lt;`;
    from = local + 1;
  }
  return out + source.slice(from);
}
