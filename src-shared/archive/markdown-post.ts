import { z } from 'zod';
import { GUID_PATTERN } from '../api/inputs';
import { ALL_POST_TYPES, isInstancePostType, LEGACY_ONLY_POST_TYPES, type PostType } from '../api/vocabulary';
import { parseDate } from '../util/time';

/**
 * What a Markdown file's front matter says of its post: the keys this app writes (post-markdown.ts), and
 * those of Hugo, Jekyll and notes apps (`date`, `lastmod`, `categories`, `draft: true`, `published: false`,
 * `expiryDate`...). Other keys are ignored. Values are read strictly: a title that is a list, a date that is
 * no date, refuse the file, naming the key.
 */
const words = z.union([z.string(), z.number()], { error: 'must be text' }).transform(String);
const list = z
  .union([words.transform((s) => s.split(',')), z.array(words)], { error: 'must be a list or a comma list' })
  .transform((all) => all.map((t) => t.trim().replace(/^#/, '')).filter(Boolean));
const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((s) => s === 'true')], {
  error: 'must be true or false',
});
const date = z
  .union([z.string(), z.number()], { error: 'must be a date' })
  .transform(String)
  .refine((s) => parseDate(s) !== null, 'must be a date such as 2026-11-22T09:30:00Z');
const number = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^-?\d+(\.\d+)?$/)
        .transform(Number),
    ],
    { error: 'must be a number' },
  )
  .transform(String);

export const frontMatterSchema = z.object({
  guid: z
    .string()
    .trim()
    .regex(GUID_PATTERN, 'must be a GUID such as 0f6c9d14-…')
    .transform((s) => s.toLowerCase())
    .optional(),
  type: z.string().trim().toLowerCase().optional(),
  title: words.optional(),
  persona: z
    .string()
    .trim()
    .transform((s) => s.replace(/^@/, ''))
    .optional(),
  published: date.optional(),
  date: date.optional(),
  publishDate: date.optional(),
  updated: date.optional(),
  lastmod: date.optional(),
  created: date.optional(),
  expires: date.optional(),
  expiryDate: date.optional(),
  tags: list.optional(),
  categories: list.optional(),
  privacy: z.string().trim().optional(),
  reply_to: words.optional(),
  slug: words.optional(),
  canonical_path: z.string().optional(),
  source_url: z.string().optional(),
  source_title: words.optional(),
  geo: z
    .object({
      latitude: number.optional(),
      longitude: number.optional(),
      altitude: number.optional(),
      description: words.optional(),
    })
    .optional(),
  draft: flag.optional(),
});
type FrontMatter = z.infer<typeof frontMatterSchema>;

export interface MarkdownPost {
  /** Variables of POST /api/posts/write: the service checks them as it checks any write. */
  params: Record<string, string>;
  /** The GUID the file gives, kept; otherwise one the import derives from the file's name. */
  guid: string | null;
  type: PostType;
  createdUnix: number | null;
  updatedUnix: number | null;
}

export class MarkdownRefusal extends Error {}

/** The post a file describes, or a refusal naming the key at fault. */
export function markdownPost(
  data: Record<string, unknown>,
  body: string,
  personaGuidOf: (handle: string) => string | null,
): MarkdownPost {
  // Jekyll's `published: false` is a draft (and `true` says nothing); this app's `published` is a date.
  const jekyllFlag = typeof data['published'] === 'boolean';
  const jekyllDraft = data['published'] === false;
  const { published: _flag, ...rest } = data;
  const parsed = frontMatterSchema.safeParse(jekyllFlag ? rest : data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new MarkdownRefusal(`${issue?.path.join('.') || 'front matter'}: ${issue?.message ?? 'not valid'}`);
  }
  const fm: FrontMatter = parsed.data;
  if (fm.type !== undefined && !(ALL_POST_TYPES as readonly string[]).includes(fm.type)) {
    throw new MarkdownRefusal(`type: ${fm.type} is not a kind of post (${ALL_POST_TYPES.join(', ')})`);
  }
  // Drafts, pages and podcasts are written as the legacy interface writes them, as an article or a note
  // that then takes its kind (markdown-import.ts settleIdentity).
  const legacy = (LEGACY_ONLY_POST_TYPES as readonly string[]).includes(fm.type ?? '') ? (fm.type as PostType) : null;
  const type = fm.type && isInstancePostType(fm.type) ? fm.type : fm.title ? 'post.article' : 'post.note';
  const kind: PostType = jekyllDraft || fm.draft === true ? 'post.draft' : (legacy ?? type);
  let personaGuid: string | null = null;
  if (fm.persona !== undefined) {
    personaGuid = personaGuidOf(fm.persona);
    if (!personaGuid) throw new MarkdownRefusal(`persona: @${fm.persona} is not a Persona of this instance`);
  }
  const tags = [...new Set([...(fm.tags ?? []), ...(fm.categories ?? [])])];
  const publish = fm.published ?? fm.date ?? fm.publishDate;
  const params: Record<string, string | undefined> = {
    content: body,
    post_type: type,
    title: fm.title,
    persona_guid: personaGuid ?? undefined,
    publish_at: publish,
    expires_at: fm.expires ?? fm.expiryDate,
    tags: tags.length > 0 ? tags.join(',') : undefined,
    post_privacy: fm.privacy,
    reply_to: fm.reply_to,
    post_slug: fm.slug,
    canonical_url: fm.canonical_path,
    source_url: fm.source_url,
    source_title: fm.source_title,
    geo_latitude: fm.geo?.latitude,
    geo_longitude: fm.geo?.longitude,
    geo_altitude: fm.geo?.altitude,
    geo_description: fm.geo?.description,
  };
  const updated = fm.updated ?? fm.lastmod;
  return {
    params: Object.fromEntries(
      Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined),
    ),
    guid: fm.guid ?? null,
    type: kind,
    createdUnix: fm.created ? parseDate(fm.created) : null,
    updatedUnix: updated ? parseDate(updated) : null,
  };
}
