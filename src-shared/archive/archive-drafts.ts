import { DRAFT_LIMITS, draftTooLarge, type Draft } from '../api/draft';
import { archiveDraftSchema, DRAFTS_ENTRY } from './archive-schema';
import { ArchiveError, type ArchiveSource } from './archive-source';

/**
 * The drafts an archive holds (`data/drafts.jsonl`), each checked with the page's own schema, or null for
 * an archive without the entry. Refused, naming the line: a line that is not a draft, one larger than a
 * draft's save takes, an id given twice, more than DRAFT_LIMITS of them.
 */
export async function archiveDrafts(source: ArchiveSource): Promise<Draft[] | null> {
  const entry = source.entries.find((e) => e.name === DRAFTS_ENTRY);
  if (!entry) return null;
  if (entry.size > DRAFT_LIMITS.bytes + DRAFT_LIMITS.count)
    throw new ArchiveError(`${DRAFTS_ENTRY} is larger than ${DRAFT_LIMITS.bytes} bytes`);
  const drafts: Draft[] = [];
  const ids = new Set<string>();
  let bytes = 0;
  for await (const { line, number } of source.lines(DRAFTS_ENTRY)) {
    const at = `${DRAFTS_ENTRY} line ${number}`;
    bytes += line.length;
    if (drafts.length >= DRAFT_LIMITS.count || bytes > DRAFT_LIMITS.bytes) {
      throw new ArchiveError(
        `${DRAFTS_ENTRY} holds more than ${DRAFT_LIMITS.count} drafts or ${DRAFT_LIMITS.bytes} bytes`,
      );
    }
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      throw new ArchiveError(`${at} is not JSON`);
    }
    const checked = archiveDraftSchema.safeParse(json);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      const field = issue?.path.join('.') ?? '';
      throw new ArchiveError(`${at}: ${field ? `${field}: ` : ''}${issue?.message ?? 'not a valid draft'}`);
    }
    const tooLarge = draftTooLarge(checked.data);
    if (tooLarge) throw new ArchiveError(`${at}: ${tooLarge}`);
    if (ids.has(checked.data.id)) throw new ArchiveError(`${at}: draft ${checked.data.id} is given twice`);
    ids.add(checked.data.id);
    drafts.push(checked.data);
  }
  return drafts;
}
