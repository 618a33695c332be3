import type { Draft } from '../api/draft';
import { claimName, safeSegment, wordsSlug } from './file-names';

/** A coordinate as typed, written as a number when it is one (the Markdown import reads numbers there). */
const NUMBER = /^-?\d+(\.\d+)?$/;

/** The draft's last change as an ISO time, or undefined for a time no date can hold. */
function changed(draft: Draft): string | undefined {
  const at = new Date(draft.updatedAt);
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * A draft as a Markdown file's front matter (front-matter.ts), with the keys a post's has where they mean
 * the same (post-markdown.ts) and `draft: true`, which the Markdown import reads as a draft post. Its
 * times are kept as the person typed them (`publish_at`, `expires_at`: local, without a zone), not as a
 * post's `published`, which is an instant.
 */
export function draftFrontMatter(draft: Draft, handle: string | undefined): Record<string, unknown> {
  const blank = (value: string) => (value.trim() === '' ? undefined : value);
  const coordinate = (value: string) => (NUMBER.test(value.trim()) ? Number(value.trim()) : undefined);
  const geo = Object.fromEntries(
    Object.entries({
      latitude: coordinate(draft.latitude),
      longitude: coordinate(draft.longitude),
      altitude: coordinate(draft.altitude),
      description: blank(draft.place),
    }).filter(([, value]) => value !== undefined),
  );
  const tags = draft.tags
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
  return {
    draft: true,
    id: draft.id,
    type: draft.type,
    title: blank(draft.title),
    persona: handle,
    updated: changed(draft),
    tags: tags.length > 0 ? tags : undefined,
    privacy: draft.privacy,
    publish_at: blank(draft.publishAt),
    expires_at: blank(draft.expiresAt),
    reply_to: draft.replyTo ?? undefined,
    editing: draft.editing ?? undefined,
    slug: blank(draft.slug),
    canonical_path: blank(draft.canonicalPath),
    source_url: blank(draft.sourceUrl),
    source_title: blank(draft.sourceTitle),
    geo: Object.keys(geo).length > 0 ? geo : undefined,
  };
}

/**
 * `markdown/drafts/<yyyy-mm-dd>-<name>.md` by the day of its last change, named as a post is (its slug, else
 * the first words of its title or text), or by its id (`used` holds the names given so far, file-names.ts).
 */
export function draftMarkdownPath(draft: Draft, used: Set<string>): string {
  const stem = `markdown/drafts/${changed(draft)?.slice(0, 10) ?? 'undated'}-`;
  const named = safeSegment(draft.slug.trim(), '') || wordsSlug(draft.title) || wordsSlug(draft.text);
  return claimName(
    used,
    [named && `${stem}${safeSegment(named, '')}`, `${stem}${safeSegment(draft.id, 'draft')}`],
    '.md',
  );
}
