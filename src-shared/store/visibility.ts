import type { PostRow } from './rows';

/**
 * Who may read a post, on every read path (single post, thread, timelines, the feeds of an archive):
 * - nobody once it is deleted or expired;
 * - its own account always otherwise, future-dated, private, invisible and password-protected posts included;
 * - everyone else only public posts whose publication time has come, and a post with a legacy password
 *   (`passwd`) only when `unlocked` holds its GUID: the single-post reads put there the posts whose
 *   password the request proved (service/legacy/passwords.ts); every other path passes nothing.
 * `visibility.private` is for the account's own readers and `visibility.none` for the account alone; on a
 * one-person instance both are the owner's only.
 */
export function canRead(
  post: PostRow,
  viewer: { readonly accountGuid: string } | null,
  now: number,
  unlocked?: ReadonlySet<string>,
): boolean {
  if (post.deleted) return false;
  if (post.expiresUnix !== null && post.expiresUnix <= now) return false;
  if (viewer && viewer.accountGuid === post.accountGuid) return true;
  if (post.passwordHash && !unlocked?.has(post.guid)) return false;
  return post.privacy === 'visibility.public' && post.publishUnix <= now;
}
