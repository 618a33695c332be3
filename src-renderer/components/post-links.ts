import { mentionsIn } from '../../src-shared/text/mention-pattern';
import { hashtagsIn } from '../../src-shared/text/tags';
import { routePath, type Route } from '../state/route';

/**
 * At most this many links are made in one post: a post of a hundred thousand `#a`s costs what a long post
 * costs, and nobody follows the hundred-and-first tag of a post anyway.
 */
export const MAX_LINKS_PER_POST = 100;

/** Text inside these is not running prose: code is an example, a link already leads somewhere. */
const NOT_PROSE = 'a, code, pre, kbd, samp';

/** The tags and handles a post's text now links to, as keys (see tagKey, handleKey). */
export interface LinkedNames {
  tags: Set<string>;
  handles: Set<string>;
}

/** Tags compare as parseTags compares them; handles as extractMentionHandles does. */
export const tagKey = (tag: string): string => tag.normalize('NFC').toLowerCase();
export const handleKey = (handle: string): string => handle.toLowerCase();

interface Found {
  index: number;
  text: string;
  route: Route;
}

/**
 * Makes the `#tags` and `@mentions` of a post's (already safe) HTML links to the page's own addresses:
 * `/tags/<tag>` and `/@handle`, by the rules the service reads them with (src-shared/text). Only text in
 * running prose is read, never the inside of a link or code. Words are never changed: a link holds exactly
 * the text it replaces. A remote's own link to its page of a tag or a Persona leads here instead when it
 * clearly is one (its whole text `#tag` or `@handle`, its path ending in that tag or handle). At most
 * `limit` links are made. Answers which tags and handles the text links to.
 */
export function linkTagsAndMentions(root: DocumentFragment | Element, limit = MAX_LINKS_PER_POST): LinkedNames {
  const linked: LinkedNames = { tags: new Set(), handles: new Set() };
  let budget = limit;
  const note = (route: Route) => {
    budget -= 1;
    if (route.screen === 'tag') linked.tags.add(tagKey(route.tag));
    if (route.screen === 'persona') linked.handles.add(handleKey(route.handle));
  };

  for (const link of root.querySelectorAll('a[href]')) {
    if (budget <= 0) return linked;
    const route = remoteNameLink(link);
    if (!route) continue;
    link.setAttribute('href', routePath(route));
    // A link to the page's own address opens in the page (installAddresses), not in a new window.
    link.removeAttribute('target');
    link.removeAttribute('rel');
    note(route);
  }

  const doc = root.ownerDocument;
  for (const node of proseTextNodes(root)) {
    if (budget <= 0) break;
    const found = namesIn(node.data, budget);
    if (found.length === 0) continue;
    const pieces = doc.createDocumentFragment();
    let at = 0;
    for (const { index, text, route } of found) {
      if (index > at) pieces.append(node.data.slice(at, index));
      const link = doc.createElement('a');
      link.setAttribute('href', routePath(route));
      link.className = route.screen === 'tag' ? 'tag-link' : 'mention-link';
      link.textContent = text;
      pieces.append(link);
      at = index + text.length;
      note(route);
    }
    if (at < node.data.length) pieces.append(node.data.slice(at));
    node.replaceWith(pieces);
  }
  return linked;
}

/** The text nodes of running prose, gathered first: replacing nodes while walking them would lose the way. */
function proseTextNodes(root: DocumentFragment | Element): Text[] {
  const doc = root.ownerDocument;
  const walker = doc.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const nodes: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (
      node instanceof Text &&
      (node.data.includes('#') || node.data.includes('@')) &&
      !node.parentElement?.closest(NOT_PROSE)
    )
      nodes.push(node);
  }
  return nodes;
}

/** The tags and mentions of one text, in order, without overlaps, at most `max` of them. */
function namesIn(text: string, max: number): Found[] {
  const all: Found[] = [];
  for (const tag of hashtagsIn(text)) {
    if (all.length >= max) break;
    all.push({ index: tag.index, text: tag.text, route: { screen: 'tag', tag: tag.tag } });
  }
  const tags = all.length;
  for (const mention of mentionsIn(text)) {
    if (all.length >= tags + max) break;
    all.push({ index: mention.index, text: mention.text, route: { screen: 'persona', handle: mention.handle } });
  }
  all.sort((a, b) => a.index - b.index);
  const kept: Found[] = [];
  let end = 0;
  for (const found of all) {
    if (kept.length >= max) break;
    if (found.index < end) continue;
    kept.push(found);
    end = found.index + found.text.length;
  }
  return kept;
}

/**
 * Where a remote's link to a tag or a Persona should lead here: its whole text is one `#tag` or `@handle`
 * and its path ends in `/tags/<tag>`, `/tag/<tag>`, `/@<handle>` or `/users/<handle>` (as Mastodon, Misskey
 * and their kin write them). Anything less certain stays a link to where it pointed.
 */
function remoteNameLink(link: Element): Route | null {
  const text = link.textContent.trim();
  if (text.length > 200 || !(text.startsWith('#') || text.startsWith('@'))) return null;
  let segments: string[];
  try {
    segments = new URL(link.getAttribute('href') ?? '').pathname.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return null;
  }
  const [last = '', before = ''] = segments.slice(-2).reverse();
  const [tag] = hashtagsIn(text);
  if (tag?.text === text && ['tags', 'tag'].includes(before.toLowerCase()) && tagKey(last) === tagKey(tag.tag)) {
    return { screen: 'tag', tag: tag.tag };
  }
  const [mention] = mentionsIn(text);
  if (mention?.text === text) {
    const named = last.startsWith('@') ? last.slice(1) : before.toLowerCase() === 'users' ? last : '';
    if (handleKey(named) === handleKey(mention.handle)) return { screen: 'persona', handle: mention.handle };
  }
  return null;
}
