import type { PostRow } from '../store/rows';
import { isoOf } from '../util/time';
import { claimName, safeSegment, wordsSlug } from './file-names';

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
      ? Object.fromEntries(
          Object.entries({
            latitude: geo.latitude,
            longitude: geo.longitude,
            altitude: geo.altitude,
            description: geo.description,
          }).filter(([, v]) => v !== null),
        )
      : undefined,
  };
}

/**
 * `markdown/<handle>/<year>/<yyyy-mm-dd>-<name>.md`, the name being the post's slug, else the first words of
 * its title or text, so that a folder lists as something a person can read; its GUID where it has none of
 * these or another file took the name (`used` holds the names given so far, file-names.ts).
 */
export function markdownPath(post: PostRow, handle: string, used: Set<string>): string {
  const day = isoOf(post.publishUnix).slice(0, 10);
  const stem = `markdown/${safeSegment(handle, 'unknown')}/${day.slice(0, 4)}/${day}-`;
  const named = (post.slug ? safeSegment(post.slug, '') : '') || wordsSlug(post.title ?? '') || wordsSlug(post.text);
  return claimName(used, [named && `${stem}${safeSegment(named, '')}`, `${stem}${post.guid}`], '.md');
}
