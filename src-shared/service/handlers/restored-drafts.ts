import type { Draft, RestoredDraftsCleared } from '../../api/draft';
import { clearRestoredDrafts, restoredDrafts } from '../../store/restored-drafts';
import type { SignedInHandler } from '../context';

/** GET /api/account/restored-drafts: what a restore kept for the page (archive/restored-drafts.ts). */
export const listRestoredDrafts: SignedInHandler<Draft[]> = (ctx) => restoredDrafts(ctx.db);

/** DELETE /api/account/restored-drafts: the page has them in its own storage now. */
export const clearRestored: SignedInHandler<RestoredDraftsCleared> = async (ctx) => {
  const cleared = (await restoredDrafts(ctx.db)).length;
  await clearRestoredDrafts(ctx.db);
  return { cleared };
};
