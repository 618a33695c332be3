import { routes } from '../../src-shared/api/routes';
import { ArchiveError } from '../../src-shared/archive/archive-source';
import { createService } from '../../src-shared/service/index';
import { openDatabase, type PublishingDb } from '../../src-shared/store/db';
import { randomToken, tokenHash } from '../../src-shared/util/secrets';
import { sqliteIdb } from '../store/sqlite-idb';
import { ownerAccount } from '../../src-shared/store/bootstrap';

/** What a page and a legacy client ask first, as the owner: each must answer. */
const FIRST_READS = [
  { path: routes.profile.pattern },
  { path: routes.personas.pattern },
  { path: routes.channels.pattern },
  {
    path: routes.globalTimeline.pattern,
    query: 'types=post.note,post.article,post.bookmark,post.quotation&scheduled=include',
  },
  { path: routes.mentionsTimeline.pattern },
  { path: routes.usersMe.pattern },
  { path: routes.globalBlurbs.pattern },
];

/** The label of the token the trial signs in with, removed again before the store is put in place. */
const TRIAL_TOKEN_LABEL = 'trial-start';

/**
 * A store built for a restore, opened as a host's start opens it (the work its upgrades leave for the next
 * start, its owner account: store/db.ts, store/bootstrap.ts) and asked what a page asks first, as the
 * owner. A store that a start could not open, or that could not answer, is refused here, while the store in
 * use is still in place: no restore can leave an instance that does not start. `folder` is the store's
 * folder, closed; the owner signs in with a token of its own, gone again when this ends.
 */
export async function tryStart(folder: string, options: { databaseName: string; now: number }): Promise<void> {
  const db = openDatabase(sqliteIdb(folder), options.databaseName);
  try {
    const token = randomToken();
    const hash = await tokenHash(token);
    try {
      await db.open();
      // As ensureOwner finds the owner at every start.
      const owner = await ownerAccount(db);
      if (!owner) throw new Error('it holds no account');
      await db.tokens.put({
        hash,
        accountGuid: owner.guid,
        label: TRIAL_TOKEN_LABEL,
        createdUnix: Math.floor(options.now / 1000),
      });
    } catch (error) {
      throw new ArchiveError(`the restored store would not start: ${(error as Error).message}`, { cause: error });
    }
    try {
      await firstReads(db, token, options.now);
    } finally {
      await db.tokens.delete(hash);
    }
  } finally {
    db.close();
  }
}

async function firstReads(db: PublishingDb, token: string, now: number): Promise<void> {
  const failures: unknown[] = [];
  const service = createService({ db, clock: { now: () => now }, onUnexpectedError: (error) => failures.push(error) });
  for (const read of FIRST_READS) {
    const url = new URL(read.path, 'http://restored.invalid');
    url.search = read.query ?? '';
    const answer = await service(new Request(url, { headers: { authorization: token } }));
    if (answer.status === 200) continue;
    const said = (await answer.json().catch(() => null)) as { meta?: { text?: string } } | null;
    const why = failures[0] instanceof Error ? failures[0].message : (said?.meta?.text ?? `status ${answer.status}`);
    throw new ArchiveError(`the restored store does not answer ${read.path}: ${why}`);
  }
}
