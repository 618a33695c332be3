import { isRemoteError } from '../../../src-shared/client/errors';
import type { NewPostParams, UpdatePostParams } from '../../../src-shared/client/outgoing';
import { needsSource } from '../../../src-shared/api/vocabulary';
import type { RemotePost } from '../../../src-shared/client/remote-post';
import type { Draft } from '../../state/drafts';
import { clients, describeFailure } from '../../state/session';
import { localInputToUnix } from '../../util/time';

/** Where a problem is shown: next to the field it concerns, or above the buttons. */
export type Field = 'text' | 'title' | 'source' | 'tags' | 'publishAt' | 'expiresAt' | 'persona' | 'channel' | 'place' | 'latitude' | 'longitude' | 'altitude' | 'canonical' | 'slug' | 'general';

const FIELD_OF: [RegExp, Field][] = [
  // First: their texts name other things too ("a path such as /notes/hello, without domain").
  [/geo_description/i, 'place'],
  [/geo_latitude/i, 'latitude'],
  [/geo_longitude/i, 'longitude'],
  [/geo_altitude/i, 'altitude'],
  [/canonical_url/i, 'canonical'],
  [/slug/i, 'slug'],
  [/source/i, 'source'],
  [/title/i, 'title'],
  [/tag/i, 'tags'],
  [/expire/i, 'expiresAt'],
  [/publish/i, 'publishAt'],
  [/channel/i, 'channel'],
  [/persona/i, 'persona'],
  [/content|text/i, 'text'],
];

/** Problems the composer finds itself, before the client is asked: each line names its variable. */
export class DraftProblems extends Error {
  constructor(readonly list: string[]) {
    super(list.join('; '));
  }
}

/** Each problem the service (or the client, before sending) named, by the field it concerns. */
export function problemsByField(error: unknown): Partial<Record<Field, string[]>> {
  const lines = error instanceof DraftProblems ? error.list : isRemoteError(error) && error.list.length > 0 ? [...error.list] : [describeFailure(error)];
  const out: Partial<Record<Field, string[]>> = {};
  for (const line of lines) {
    const field = FIELD_OF.find(([pattern]) => pattern.test(line))?.[1] ?? 'general';
    (out[field] ??= []).push(line);
  }
  return out;
}

export const splitTags = (tags: string): string[] =>
  tags
    .split(',')
    .map((t) => t.trim().replace(/^#/, ''))
    .filter(Boolean);

/** The write's variables from a draft. */
export function paramsOf(draft: Draft): NewPostParams {
  const publishAt = localInputToUnix(draft.publishAt);
  const expiresAt = localInputToUnix(draft.expiresAt);
  const sourced = needsSource(draft.type);
  return {
    content: draft.text,
    post_type: draft.type,
    post_privacy: draft.privacy,
    tags: splitTags(draft.tags),
    ...(draft.type === 'post.article' && draft.title.trim() ? { title: draft.title.trim() } : {}),
    ...(sourced ? { source_url: draft.sourceUrl.trim(), source_title: draft.sourceTitle.trim() } : {}),
    ...(draft.personaGuid ? { persona_guid: draft.personaGuid } : {}),
    ...(draft.channelGuid ? { channel_guid: draft.channelGuid } : {}),
    ...(draft.replyTo ? { reply_to: draft.replyTo } : {}),
    ...(publishAt !== null ? { publish_at: publishAt } : {}),
    ...(expiresAt !== null ? { expires_at: expiresAt } : {}),
    ...placeParams(draft),
    ...(draft.canonicalPath.trim() ? { canonical_url: draft.canonicalPath.trim() } : {}),
    ...(draft.type === 'post.article' && draft.slug.trim() ? { post_slug: draft.slug.trim() } : {}),
  };
}

/** A coordinate as typed ('' for none); a decimal comma is read as a point. */
const coordinateOf = (typed: string): number | undefined => (typed.trim() === '' ? undefined : Number(typed.trim().replace(',', '.')));

/** Coordinates that are not numbers at all: said in the composer's words before anything is sent. */
export function coordinateProblems(draft: Draft): string[] {
  const named = [['geo_latitude', draft.latitude], ['geo_longitude', draft.longitude], ['geo_altitude', draft.altitude]] as const;
  return named.filter(([, typed]) => Number.isNaN(coordinateOf(typed))).map(([name]) => `${name} must be a number, such as 38.72`);
}

/** The place, when one is given. Ranges are checked by the client before sending, and by the service. */
function placeParams(draft: Draft): Pick<NewPostParams, 'geo_description' | 'geo_latitude' | 'geo_longitude' | 'geo_altitude'> {
  const number = coordinateOf;
  const latitude = number(draft.latitude);
  const longitude = number(draft.longitude);
  const altitude = number(draft.altitude);
  return {
    ...(draft.place.trim() ? { geo_description: draft.place.trim() } : {}),
    ...(latitude !== undefined ? { geo_latitude: latitude } : {}),
    ...(longitude !== undefined ? { geo_longitude: longitude } : {}),
    ...(altitude !== undefined ? { geo_altitude: altitude } : {}),
  };
}

/**
 * An edit's variables: what the composer shows. A field left empty is sent empty, so that an emptied
 * expiry, place, address path or article title removes what the post had (a variable not sent would
 * keep it). The slug is not in an edit's draft, so it is not sent and stays.
 */
export function updateParamsOf(draft: Draft): UpdatePostParams {
  const { post_type: _type, persona_guid: _persona, reply_to: _reply, ...rest } = paramsOf(draft);
  return {
    ...rest,
    expires_at: rest.expires_at ?? null,
    geo_description: rest.geo_description ?? '',
    geo_latitude: rest.geo_latitude ?? null,
    geo_longitude: rest.geo_longitude ?? null,
    geo_altitude: rest.geo_altitude ?? null,
    canonical_url: rest.canonical_url ?? null,
    ...(draft.type === 'post.article' ? { title: rest.title ?? '' } : {}),
  };
}

/** Publishes a new post or sends an edit; throws the client's `RemoteError` when it is refused. */
export async function publishDraft(draft: Draft): Promise<RemotePost> {
  const problems = coordinateProblems(draft);
  if (problems.length > 0) throw new DraftProblems(problems);
  const { instance } = clients();
  if (draft.editing === null) return instance.write(paramsOf(draft));
  return instance.update(draft.editing, updateParamsOf(draft));
}

/** Section 8 and this instance's limits, for the counters. */
export const LIMITS = { textChars: 100_000, blurbBytes: 8192, titleChars: 512 } as const;
export { charCount } from '../../../src-shared/util/chars';
export const byteCount = (s: string): number => new TextEncoder().encode(s).length;
