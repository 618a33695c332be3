import type { DeskEventOf } from '../../src-shared/api/events';
import { POST_TYPES, type InstancePostType } from '../../src-shared/api/vocabulary';
import type { PostPage, RemotePost } from '../../src-shared/client/remote-post';
import { tagKey } from '../../src-shared/text/tags';
import type { Clients } from '../api/clients';
import type { Route } from './route';

/**
 * What a timeline shows. `home` is the current Persona's own posts, `global` everything the instance holds,
 * `channel` one Channel; those and `mentions` read the instance interface (with type filters); `interactions`
 * and `pins` read the legacy collections, which this instance answers for its owner; `search` reads this
 * instance's search of every post type (`GET /api/posts/search`), which the instance serving the page answers,
 * and so do `persona` (one author's posts, a remote's too) and `tag` (the posts with one tag exactly).
 */
export type TimelineKind =
  'home' | 'global' | 'channel' | 'mentions' | 'interactions' | 'pins' | 'search' | 'persona' | 'tag';

export interface TimelineSpec {
  kind: TimelineKind;
  /** The acting Persona: whose stars and pins are shown, whose home and mentions. */
  persona: string | null;
  channel?: string;
  filter?: string;
  /** The author of a `persona` timeline's posts: never the acting Persona above, which only says whose stars show. */
  author?: string;
  tag?: string;
  types: InstancePostType[];
}

export const ALL_TYPES: InstancePostType[] = [...POST_TYPES];
export const PAGE_SIZE = 40;

export const hasTypeFilter = (kind: TimelineKind): boolean =>
  kind === 'home' || kind === 'global' || kind === 'channel' || kind === 'mentions';

/** Everything and a Channel are the same whoever acts; the other timelines are a Persona's. */
export const isPersonal = (kind: TimelineKind): boolean => kind !== 'global' && kind !== 'channel';

/** What a timeline's screen is given: the timeline, without who acts and which types are shown. */
export interface ShownTimeline {
  kind: TimelineKind;
  channel?: string | undefined;
  /** The search as it is sent. */
  filter?: string | undefined;
  author?: string | undefined;
  tag?: string | undefined;
}

/** The spec of a screen's timeline, as `persona` (the acting one) and the type filter `types` make it. */
export function specOf(shown: ShownTimeline, persona: string | null, types: InstancePostType[]): TimelineSpec {
  return {
    kind: shown.kind,
    persona: isPersonal(shown.kind) ? persona : null,
    types,
    ...(shown.channel ? { channel: shown.channel } : {}),
    ...(shown.filter ? { filter: shown.filter } : {}),
    ...(shown.author ? { author: shown.author } : {}),
    ...(shown.tag ? { tag: shown.tag } : {}),
  };
}

/**
 * The timeline an address shows as soon as the page has the account it remembers: a timeline's own address
 * and a Channel's. Other screens first read something else (a Persona by handle, a thread), or plan a search.
 */
export function timelineAt(route: Route): ShownTimeline | null {
  if (route.screen === 'timeline') return { kind: route.kind };
  if (route.screen === 'channel') return { kind: 'channel', channel: route.channel };
  return null;
}

/** One text per timeline: the key of its state. The acting Persona is part of it, as it changes the stars. */
export function timelineKey(spec: TimelineSpec): string {
  const types = hasTypeFilter(spec.kind) ? [...spec.types].sort().join(',') : '';
  // Added only where there are: the keys of other timelines stay as they were (seen-mark.ts keeps them).
  const narrowing = spec.author !== undefined || spec.tag !== undefined ? [spec.author ?? '', spec.tag ?? ''] : [];
  return [spec.kind, spec.persona ?? '', spec.channel ?? '', spec.filter ?? '', types, ...narrowing].join('|');
}

/** One page, newest first, after `last` (or the newest page without it). */
export async function fetchPage(
  c: Clients,
  spec: TimelineSpec,
  last: RemotePost | null,
  count = PAGE_SIZE,
): Promise<PostPage> {
  const persona = spec.persona ?? undefined;
  const before = last?.guid;
  const types = spec.types.length > 0 ? spec.types : ALL_TYPES;
  switch (spec.kind) {
    case 'home':
      return c.desk.timeline('global', { count, types, before, persona_guid: persona });
    case 'global':
      return c.desk.timeline('global', { count, types, before });
    case 'channel':
      return c.desk.timeline('global', { count, types, before, channel_guid: spec.channel });
    case 'mentions':
      return c.desk.timeline('mentions', { count, types, before, persona_guid: persona });
    case 'search':
      // Every type: the search screen has no type filter.
      return c.desk.search({ q: spec.filter ?? '', count, before, persona_guid: persona });
    case 'persona':
      return c.desk.search({ author_guid: spec.author ?? '', count, before, persona_guid: persona });
    case 'tag':
      return c.desk.search({ tag: spec.tag ?? '', count, before, persona_guid: persona });
    case 'interactions':
    case 'pins':
      return c.desk.blurbs(spec.kind, { count, persona_guid: persona, before_id: last?.id ?? undefined });
  }
}

/** Whether a post just written belongs at the top of this timeline. */
export function shows(spec: TimelineSpec, post: RemotePost, nowMs = Date.now()): boolean {
  // A scheduled post is on no timeline until its time comes (the instance's timelines leave it out too):
  // the Scheduled screen lists it meanwhile. Scheduled means ahead of the time it was written, by the
  // instance's clock, as well as of this page's: a post just written is never held back by a page whose
  // clock runs behind the instance's.
  if (post.publish_unix > Math.max(post.updated_unix, nowMs / 1000)) return false;
  // A timeline without a type filter shows every type, whatever the filter of the others says.
  const typeOk = !hasTypeFilter(spec.kind) || spec.types.length === 0 || (spec.types as string[]).includes(post.type);
  if (!typeOk) return false;
  if (spec.kind === 'global') return true;
  if (spec.kind === 'home') return post.persona.guid === spec.persona;
  if (spec.kind === 'channel') return post.channel_guid === spec.channel;
  if (spec.kind === 'persona') return post.persona.guid === spec.author;
  if (spec.kind === 'tag') return post.tags.some((tag) => tagKey(tag) === tagKey(spec.tag ?? ''));
  return false;
}

/**
 * Whether a timeline may show one of the posts the instance says were stored (event-stream.ts). Only what
 * the event names can rule a timeline out: its Channel, its Persona, the author; a timeline of another sort
 * (everything, mentions, a search) may always.
 */
export function mayShowPosts(
  spec: TimelineSpec,
  posts: Pick<DeskEventOf<'posts'>, 'channel_guids' | 'persona_guids'>,
): boolean {
  if (spec.kind === 'channel') return posts.channel_guids.includes(spec.channel ?? '');
  if (spec.kind === 'home') return posts.persona_guids.includes(spec.persona ?? '');
  if (spec.kind === 'persona') return posts.persona_guids.includes(spec.author ?? '');
  return true;
}
