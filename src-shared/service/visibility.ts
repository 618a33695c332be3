import type { PostRow } from '../store/rows';
import type { Viewer } from './context';

/**
 * Who may read a post, on every read path (single post, thread, timelines):
 * - nobody once it is deleted or expired;
 * - its own account always otherwise, future-dated, private and invisible posts included;
 * - everyone else only public posts whose publication time has come.
 * `visibility.private` is for the account's own readers and `visibility.none` for the account alone; on a
 * one-person instance both are the owner's only.
 */
export function canRead(post: PostRow, viewer: Viewer | null, now: number): boolean {
  if (post.deleted) return false;
  if (post.expiresUnix !== null && post.expiresUnix <= now) return false;
  if (viewer && viewer.accountGuid === post.accountGuid) return true;
  return post.privacy === 'visibility.public' && post.publishUnix <= now;
}
