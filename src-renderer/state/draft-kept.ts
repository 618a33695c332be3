import { z } from 'zod';
import type { Draft } from '../../src-shared/api/draft';

/**
 * What the instance keeps of each of this page's drafts, as far as the page knows: the version it last had
 * from there, and the change (`updatedAt`) that version holds. A draft whose own change differs has not been
 * saved there yet; a draft kept there that this page no longer holds was removed here, and its removal waits
 * to be sent. In localStorage beside the drafts, so that a page that closes offline sends them on its next
 * start, and the tabs of one browser share it.
 */
export const KEPT_KEY = 'desk.drafts.kept.v1';
/** This browser's own name as a writer of drafts (store/drafts.ts): its saves follow one another. */
export const WRITER_KEY = 'desk.drafts.writer.v1';

const keptSchema = z.lazy(() =>
  z.record(z.string(), z.strictObject({ version: z.number().int().nonnegative(), updatedAt: z.number() })),
);
export type Kept = z.infer<typeof keptSchema>;
export type KeptMark = Kept[string];

export function readKept(): Kept {
  try {
    const parsed = keptSchema.safeParse(JSON.parse(localStorage.getItem(KEPT_KEY) ?? '{}'));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/** Applies `edit` to what is stored now (another tab may have written since this one read). */
export function updateKept(edit: (kept: Kept) => Kept): void {
  try {
    localStorage.setItem(KEPT_KEY, JSON.stringify(edit(readKept())));
  } catch {
    // Storage full or off: the drafts are sent again, and the instance takes a change it has as no change.
  }
}

/** The instance removed the draft itself (it published it): there is no removal to send. */
export const forgetKept = (id: string): void => updateKept(({ [id]: _gone, ...rest }) => rest);

/** Whether the instance has yet to be told of this draft's last change. */
export const isUnsent = (draft: Draft, kept: KeptMark | undefined): boolean => kept?.updatedAt !== draft.updatedAt;

export function writerId(): string {
  const stored = localStorage.getItem(WRITER_KEY);
  if (stored !== null && /^[A-Za-z0-9_-]{1,64}$/.test(stored)) return stored;
  const made = globalThis.crypto.randomUUID();
  try {
    localStorage.setItem(WRITER_KEY, made);
  } catch {
    // Without storage, each start is a writer of its own: a change made before may be kept as a copy.
  }
  return made;
}
