import { Dexie } from 'dexie';
import { LEGACY_LIMITS } from '../../api/legacy-inputs';
import type { PostRow } from '../../store/rows';
import { hashPassword, verifyPassword } from '../../util/secrets';
import type { Ctx } from '../context';
import { canRead } from '../../store/visibility';
import { charCount } from '../../util/chars';

/**
 * The legacy access password of a titled post (`passwd` on POST /content, section 4.1). Only a salted, slow
 * hash is stored (PBKDF2, like account passwords). The owner always reads the post; anyone else only on a
 * single-post read that carries the right `passwd`; on every other path it is hidden from them (canRead).
 */

export const PASSWD_ON_BLURB = 'passwd applies to blog posts, pages, drafts and podcasts only';

/** Protected posts tried against one request's `passwd` at most: each try is one PBKDF2 (tens of ms). */
const MAX_TRIES = 10;

/**
 * Web Crypto work lets a waiting IndexedDB transaction commit, and the routes run these handlers inside the
 * request's transaction: Dexie.waitFor keeps it alive meanwhile (outside a transaction it is a plain wait).
 */
const keepingTransaction = <T>(work: Promise<T>): Promise<T> => Dexie.waitFor(work);

/** What POST /content stores for `passwd`: undefined keeps the stored hash, null (an empty `passwd`) removes it. */
export async function passwdHash(passwd: string | undefined): Promise<string | null | undefined> {
  if (passwd === undefined) return undefined;
  if (passwd === '') return null;
  return keepingTransaction(hashPassword(passwd));
}

/**
 * The posts among `rows` the reader may read, in their order; a protected post also when the request's
 * `passwd` is its password. Only for the single-post reads (GET /content/{id}, GET /content?post_ids=,
 * GET /api/posts/{guid}); a wrong password leaves the post out exactly as if it did not exist.
 */
export async function readableWithPasswd(
  ctx: Ctx,
  rows: readonly (PostRow | null | undefined)[],
  passwd: string | undefined,
): Promise<PostRow[]> {
  const posts = rows.filter((post): post is PostRow => post !== null && post !== undefined);
  const unlocked = await unlockedBy(ctx, posts, passwd);
  return posts.filter((post) => canRead(post, ctx.viewer, ctx.now, unlocked));
}

/** GUIDs of the posts whose password the request's `passwd` is. */
async function unlockedBy(
  ctx: Ctx,
  posts: readonly PostRow[],
  passwd: string | undefined,
): Promise<ReadonlySet<string>> {
  if (!passwd || charCount(passwd) > LEGACY_LIMITS.passwdChars) return new Set();
  // Only posts that nothing but their password keeps from this reader are worth a PBKDF2.
  const locked = posts
    .filter((p) => !canRead(p, ctx.viewer, ctx.now) && canRead(p, ctx.viewer, ctx.now, new Set([p.guid])))
    .slice(0, MAX_TRIES);
  if (locked.length === 0) return new Set();
  const matches = await keepingTransaction(
    Promise.all(locked.map((p) => verifyPassword(passwd, p.passwordHash ?? ''))),
  );
  return new Set(locked.filter((_, i) => matches[i]).map((p) => p.guid));
}
