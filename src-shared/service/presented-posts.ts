import type { PublishingDb } from '../store/db';
import type { PostRow } from '../store/rows';
import { writeVersion } from '../store/write-watch';
import { keepTextOf } from './answer-text';
import type { Ctx } from './context';
import { createKept, type Kept } from './kept';

/** A post as an answer presents it, kept for the write version it was presented at. */
interface KeptPost {
  readonly version: number;
  readonly presented: object;
}

/**
 * About two pages of each timeline. A kept post costs its presented object and, once sent, its text:
 * a few kilobytes, at most twice MAX_CHARS.
 */
const MAX_POSTS = 512;
/** Characters of a post's text and HTML together beyond which it is presented anew each time. */
const MAX_CHARS = 8192;

const keptOf = new WeakMap<PublishingDb, Kept<KeptPost>>();

/**
 * What `present` makes of `post`, or what it made for an earlier request while nothing was written since.
 * A presented post depends on the store (its row, its Persona, its parent), on who asks (their Personas,
 * the acting one's marks) and on the origin; `kind` names the presenter and its options. A repost embeds
 * its original only while the viewer may read it, which can change with the time alone: it is never kept.
 * Neither is anything a request presents after the store changed under it (ctx.version), such as a post
 * it just wrote.
 */
export function presentedPost<T extends object>(ctx: Ctx, kind: string, post: PostRow, present: () => T): T {
  const chars = post.text.length + post.html.length;
  if (post.repostOf || chars > MAX_CHARS || writeVersion(ctx.db) !== ctx.version) return present();
  const kept = keptOf.get(ctx.db) ?? createKept<KeptPost>({ maxEntries: MAX_POSTS, maxChars: 2 * MAX_CHARS });
  keptOf.set(ctx.db, kept);
  const key = `${kind} ${post.guid} ${ctx.viewer?.accountGuid ?? ''} ${ctx.acting ?? ''} ${ctx.origin}`;
  const known = kept.get(key, ctx.version);
  // The key names the presenter (`kind`), so what is kept under it is what this `present` made.
  if (known) return known.presented as T;
  const presented = Object.freeze(present());
  keepTextOf(presented);
  kept.keep(key, { version: ctx.version, presented }, chars);
  return presented;
}
