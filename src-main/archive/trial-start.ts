import path from 'node:path';
import { ArchiveError } from '../../src-shared/archive/archive-source';
import { createService } from '../../src-shared/service/index';
import { openStoreFolder } from '../host/store-folder';

/** What a page and a legacy client ask first, as the owner: each must answer. */
const FIRST_READS = [
  '/api/account/me',
  '/api/account/personas',
  '/api/account/channels',
  '/api/posts/global?types=post.note,post.article,post.bookmark,post.quotation&scheduled=include',
  '/api/posts/mentions',
  '/users/me',
  '/content/blurbs/global',
];

/**
 * A store built for a restore, opened as a host's start opens it (store-folder.ts: the work left by its
 * upgrades, the owner account and its token) and asked what a page asks first. A store that a start could
 * not open, or that could not answer, is refused here, while the store in use is still in place: no restore
 * can leave an instance that does not start. `folder` is the store's `db/` folder, closed.
 */
export async function tryStart(folder: string, options: { databaseName: string; token: string; now: number }): Promise<void> {
  let opened: Awaited<ReturnType<typeof openStoreFolder>>;
  try {
    opened = await openStoreFolder({ dataDir: path.dirname(folder), databaseName: options.databaseName, token: options.token, now: options.now });
  } catch (error) {
    throw new ArchiveError(`the restored store would not start: ${(error as Error).message}`);
  }
  try {
    const failures: unknown[] = [];
    const service = createService({ db: opened.db, clock: { now: () => options.now }, onUnexpectedError: (error) => failures.push(error) });
    for (const read of FIRST_READS) {
      const answer = await service(new Request(new URL(read, 'http://restored.invalid'), { headers: { authorization: options.token } }));
      if (answer.status !== 200) {
        const said = (await answer.json().catch(() => null)) as { meta?: { text?: string } } | null;
        const why = failures[0] instanceof Error ? failures[0].message : (said?.meta?.text ?? `status ${answer.status}`);
        throw new ArchiveError(`the restored store does not answer ${read.split('?')[0] ?? read}: ${why}`);
      }
    }
  } finally {
    opened.close();
  }
}
