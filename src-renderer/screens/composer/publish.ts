import { isRemoteError } from '../../../src-shared/client/errors';
import type { NewPostParams, UpdatePostParams } from '../../../src-shared/client/outgoing';
import { needsSource } from '../../../src-shared/api/vocabulary';
import { LIMITS as INPUT_LIMITS } from '../../../src-shared/api/inputs';
import { LEGACY_LIMITS } from '../../../src-shared/api/legacy-inputs';
import { newPostBody, updateBody } from '../../../src-shared/client/outgoing';
import { plainProblem, type Field } from './field-words';
import type { RemotePost } from '../../../src-shared/client/remote-post';
import type { Draft } from '../../../src-shared/api/draft';
import { useAccount } from '../../state/account';
import { forgetKept, readKept } from '../../state/draft-kept';
import { clients, describeFailure } from '../../state/session';
import { localInputToUnix } from '../../util/time';

/** Problems the composer finds itself, before anything is sent: lines as the client or the service words them. */
export class DraftProblems extends Error {
  constructor(readonly list: string[]) {
    super(list.join('; '));
  }
}

/** The refusal's lines: the composer's own, the service's list, or the one failure (not reached, say). */
function refusalLines(error: unknown): string[] {
  if (error instanceof DraftProblems) return error.list;
  if (isRemoteError(error) && error.list.length > 0) return [...error.list];
  return [describeFailure(error)];
}

/** Each problem in plain words, by the field it belongs beside, for a post of `type` (see field-words.ts). */
export function problemsByField(error: unknown, type: string): Problems {
  const said = refusalLines(error).map((line) => plainProblem(line, type));
  // A field that is missing is only that: "not a web address" says nothing more about an empty one.
  const missing = new Set(said.filter((p) => p.refusal === 'missing' && p.field !== 'general').map((p) => p.field));
  const out: Problems = {};
  for (const { field, words, refusal } of said) {
    if (missing.has(field) && refusal !== 'missing') continue;
    const list = (out[field] ??= []);
    if (!list.includes(words)) list.push(words);
  }
  return out;
}

export type Problems = Partial<Record<Field, string[]>>;

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
const coordinateOf = (typed: string): number | undefined =>
  typed.trim() === '' ? undefined : Number(typed.trim().replace(',', '.'));

/** Coordinates that are not numbers at all: said in the composer's words before anything is sent. */
export function coordinateProblems(draft: Draft): string[] {
  const named = [
    ['geo_latitude', draft.latitude],
    ['geo_longitude', draft.longitude],
    ['geo_altitude', draft.altitude],
  ] as const;
  return named
    .filter(([, typed]) => Number.isNaN(coordinateOf(typed)))
    .map(([name]) => `${name} must be a number, such as 38.72`);
}

/**
 * What is wrong with a draft before anything is sent, by the rules the client checks a write with (what
 * a type requires among them, api/inputs.ts): Publish shows what is missing at once, in the same words a
 * refusal from the service gets.
 */
export function localProblems(draft: Draft): string[] {
  const coordinates = coordinateProblems(draft);
  if (coordinates.length > 0) return coordinates;
  const checked = draft.editing === null ? newPostBody(paramsOf(draft)) : updateBody(updateParamsOf(draft));
  return checked.ok ? [] : checked.problems;
}

/** The place, when one is given. Ranges are checked by the client before sending, and by the service. */
function placeParams(
  draft: Draft,
): Pick<NewPostParams, 'geo_description' | 'geo_latitude' | 'geo_longitude' | 'geo_altitude'> {
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

/** Publishes a draft (or saves the edit it is): the post, or its first copy when published as several Personas. */
export async function publishDraft(draft: Draft): Promise<RemotePost> {
  const [post] = await publishCopies(draft);
  if (!post) throw new Error('The instance published nothing.');
  return post;
}

/** Publishes a draft as each Persona it names, its own first: the posts in that order. */
export async function publishCopies(draft: Draft): Promise<RemotePost[]> {
  const problems = localProblems(draft);
  if (problems.length > 0) throw new DraftProblems(problems);
  if (draft.editing !== null) return saveEdit(draft, draft.editing);
  const { desk } = clients();
  // Published and removed in one step by the instance: from the version this page last had, so that a change
  // another desk made since is not published over (it comes back to this page instead).
  const version = readKept()[draft.id]?.version;
  const posts = await desk.publishDraft(draft.id, paramsOf(draft), { version, destinations: destinationsOf(draft) });
  if (posts.length === 0) throw new Error('The instance published nothing.');
  forgetKept(draft.id);
  return posts;
}

/**
 * Sends an edit: of the post edited, and, when the person chose so, of every other copy published with it
 * from one draft, each keeping its own Persona and Channel. Throws the client's `RemoteError` when refused.
 */
async function saveEdit(draft: Draft, guid: string): Promise<RemotePost[]> {
  const { desk, instance } = clients();
  const edited = await instance.update(guid, updateParamsOf(draft));
  if (!draft.editCopies) return [edited];
  const others = (await desk.copies(guid)).filter((copy) => copy.guid !== guid);
  const { channel_guid: _own, ...shared } = updateParamsOf(draft);
  const rest: RemotePost[] = [];
  for (const copy of others) rest.push(await instance.update(copy.guid, shared));
  return [edited, ...rest];
}

/** Where a draft published as several Personas goes: its own Persona and Channel first, then each other one. */
function destinationsOf(draft: Draft): string | undefined {
  if (draft.alsoAs.length === 0) return undefined;
  const main = draft.personaGuid ?? useAccount.getState().personas[0]?.guid;
  if (main === undefined) return undefined;
  const first = draft.channelGuid === null ? main : `${main}:${draft.channelGuid}`;
  return [first, ...draft.alsoAs.filter((guid) => guid !== main)].join(',');
}

/** Section 8 and this instance's limits (api/inputs.ts, api/legacy-inputs.ts), for the counters. */
export const LIMITS = {
  textChars: INPUT_LIMITS.textChars,
  blurbBytes: LEGACY_LIMITS.blurbBytes,
  titleChars: INPUT_LIMITS.titleChars,
} as const;
export { charCount } from '../../../src-shared/util/chars';
export const byteCount = (s: string): number => new TextEncoder().encode(s).length;
