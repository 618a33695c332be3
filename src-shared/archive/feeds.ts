import type { PersonaRow, PostRow } from '../store/rows';
import { isoOf } from '../util/time';
import { firstChars } from '../util/chars';

/**
 * A Persona's public posts as a JSON Feed 1.1 and an Atom 1.0 feed, written a post at a time. Without the
 * instance's address (a command-line export does not know it) items carry no links: ids are GUIDs.
 */
export interface FeedContext {
  persona: PersonaRow;
  /** The instance's public address (`https://desk.example`), when known. */
  origin: string | null;
  madeUnix: number;
}

const itemTitle = (post: PostRow): string => post.title ?? firstChars(post.text.replace(/\s+/g, ' ').trim(), 80);
const linkOf = (context: FeedContext, post: PostRow): string | undefined =>
  context.origin ? `${context.origin}${post.canonicalPath}` : undefined;

export function jsonFeedHead(context: FeedContext): string {
  const { persona } = context;
  const head = {
    version: 'https://jsonfeed.org/version/1.1',
    title: persona.name || `@${persona.handle}`,
    ...(persona.bioText ? { description: persona.bioText } : {}),
    ...(context.origin ? { home_page_url: context.origin } : {}),
    authors: [
      {
        name: persona.name || persona.handle,
        ...(persona.siteUrl ? { url: persona.siteUrl } : {}),
        ...(persona.avatarUrl ? { avatar: persona.avatarUrl } : {}),
      },
    ],
  };
  // The items follow, written one by one: the head is the object without its closing brace.
  return `${JSON.stringify(head).slice(0, -1)},"items":[`;
}

export function jsonFeedItem(context: FeedContext, post: PostRow, first: boolean): string {
  const item = {
    id: post.guid,
    url: linkOf(context, post),
    title: post.title ?? undefined,
    content_html: post.html,
    date_published: isoOf(post.publishUnix),
    date_modified: isoOf(post.updatedUnix),
    tags: post.tags.length > 0 ? post.tags : undefined,
    external_url: post.sourceUrl ?? undefined,
  };
  return `${first ? '' : ','}\n${JSON.stringify(item)}`;
}

export const JSON_FEED_TAIL = '\n]}\n';

// Control characters other than tab and line ends, the two non-characters, and halves of surrogate pairs.
const NOT_XML =
  // eslint-disable-next-line no-control-regex -- these are exactly the characters to remove
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Text as XML character data: escaped, and without the characters XML 1.0 cannot hold at all. */
export function xmlText(value: string): string {
  return value
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

export function atomHead(context: FeedContext): string {
  const { persona } = context;
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `<id>urn:uuid:${xmlText(persona.guid)}</id>`,
    `<title>${xmlText(persona.name || `@${persona.handle}`)}</title>`,
    persona.bioText ? `<subtitle>${xmlText(persona.bioText)}</subtitle>` : '',
    `<updated>${isoOf(context.madeUnix)}</updated>`,
    `<author><name>${xmlText(persona.name || persona.handle)}</name>${persona.siteUrl ? `<uri>${xmlText(persona.siteUrl)}</uri>` : ''}</author>`,
    context.origin ? `<link rel="alternate" href="${xmlText(context.origin)}"/>` : '',
    '',
  ]
    .filter((line, i, all) => line !== '' || i === all.length - 1)
    .join('\n');
}

export function atomEntry(context: FeedContext, post: PostRow): string {
  const link = linkOf(context, post);
  return [
    '<entry>',
    `<id>urn:uuid:${xmlText(post.guid)}</id>`,
    `<title>${xmlText(itemTitle(post))}</title>`,
    `<published>${isoOf(post.publishUnix)}</published>`,
    `<updated>${isoOf(post.updatedUnix)}</updated>`,
    link ? `<link rel="alternate" href="${xmlText(link)}"/>` : '',
    ...post.tags.map((tag) => `<category term="${xmlText(tag)}"/>`),
    `<content type="html">${xmlText(post.html)}</content>`,
    '</entry>',
    '',
  ]
    .filter((line, i, all) => line !== '' || i === all.length - 1)
    .join('\n');
}

export const ATOM_TAIL = '</feed>\n';
