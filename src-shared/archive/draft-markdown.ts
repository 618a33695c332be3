import type { Draft } from '../api/draft';
import { safeSegment } from './post-markdown';

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
    Object.entries({ latitude: coordinate(draft.latitude), longitude: coordinate(draft.longitude), altitude: coordinate(draft.altitude), description: blank(draft.place) }).filter(
      ([, value]) => value !== undefined,
    ),
  );
  const tags = draft.tags.split(',').map((tag) => tag.trim()).filter(Boolean);
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
 * `markdown/drafts/<yyyy-mm-dd>-<slug>.md` by the day of its last change, or its id in place of a slug it has
 * not (or one another draft of that day took: `used` holds the names given so far).
 */
export function draftMarkdownPath(draft: Draft, used: Set<string>): string {
  const day = changed(draft)?.slice(0, 10) ?? 'undated';
  const id = safeSegment(draft.id, 'draft');
  const bySlug = draft.slug.trim() ? `markdown/drafts/${day}-${safeSegment(draft.slug.trim(), id)}.md` : null;
  let name = bySlug && !used.has(bySlug.toLowerCase()) ? bySlug : `markdown/drafts/${day}-${id}.md`;
  // Two ids that differ only in characters a file name cannot hold.
  for (let n = 2; used.has(name.toLowerCase()); n++) name = `markdown/drafts/${day}-${id}-${n}.md`;
  used.add(name.toLowerCase());
  return name;
}
