import type { PostRow } from '../store/rows';
import { isoOf } from '../util/time';

/**
 * A post as a Markdown file: its front matter (front-matter.ts) and the Markdown it was written in, never
 * its rendered HTML. The keys are documented in docs/archive.md; the Markdown import reads the same keys.
 */
export function postFrontMatter(post: PostRow, handle: string): Record<string, unknown> {
  const geo = post.geo;
  return {
    guid: post.guid,
    type: post.type,
    title: post.title ?? undefined,
    persona: handle,
    published: isoOf(post.publishUnix),
    updated: isoOf(post.updatedUnix),
    created: isoOf(post.createdUnix),
    expires: post.expiresUnix === null ? undefined : isoOf(post.expiresUnix),
    tags: post.tags.length > 0 ? post.tags : undefined,
    privacy: post.privacy,
    reply_to: post.replyTo ?? undefined,
    repost_of: post.repostOf ?? undefined,
    slug: post.slug ?? undefined,
    canonical_path: post.canonicalPath,
    source_url: post.sourceUrl ?? undefined,
    source_title: post.sourceTitle ?? undefined,
    geo: geo
      ? Object.fromEntries(Object.entries({ latitude: geo.latitude, longitude: geo.longitude, altitude: geo.altitude, description: geo.description }).filter(([, v]) => v !== null))
      : undefined,
  };
}

/** A name safe as one folder or file name on every system: letters, digits, `-`, `_`, `.` inside. */
export function safeSegment(name: string, fallback: string): string {
  const safe = name.replace(/[^\p{L}\p{N}_.-]+/gu, '_').replace(/^[.]+/, '').slice(0, 100);
  return safe === '' ? fallback : safe;
}

/**
 * `markdown/<handle>/<year>/<yyyy-mm-dd>-<slug>.md`, or the post's GUID in place of a slug it has not (or
 * one another post of that day already took: `used` holds the names given so far).
 */
export function markdownPath(post: PostRow, handle: string, used: Set<string>): string {
  const day = isoOf(post.publishUnix).slice(0, 10);
  const folder = `markdown/${safeSegment(handle, 'unknown')}/${day.slice(0, 4)}`;
  const bySlug = post.slug ? `${folder}/${day}-${safeSegment(post.slug, post.guid)}.md` : null;
  const name = bySlug && !used.has(bySlug) ? bySlug : `${folder}/${day}-${post.guid}.md`;
  used.add(name);
  return name;
}
