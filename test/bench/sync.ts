/**
 * The sync part of `npm run bench`: two instances of this project on this machine, over loopback HTTP, on
 * the real storage backend. Prints the first pull of a remote's posts (posts/s), an idle poll when
 * nothing changed (requests and ms), and draining an outbox of 1,000 posts. Figures are printed, not asserted.
 */
import path from 'node:path';
import { createHttpHost } from '../../src-main/host/http';
import { sqliteIdb } from '../../src-main/store/sqlite-idb';
import { createService } from '../../src-shared/service';
import { ensureOwner } from '../../src-shared/store/bootstrap';
import { putPostsInOneTransaction } from '../../src-shared/store/bulk';
import { openDatabase } from '../../src-shared/store/db';
import { indexAllQueuedWords } from '../../src-shared/store/word-index';
import { createSyncEngine } from '../../src-shared/sync/engine';
import { plainSecretBox } from '../../src-shared/sync/secret-box';
import { buildCorpus } from './corpus';
import { countingFetch, drainedOutbox, idlePolls } from './sync-steps';

const TOKEN = 'bench-sync-token-0123456789abcdef';

export async function benchSync(dataDir: string, posts: number, report: (line: string) => void): Promise<void> {
  const platform = sqliteIdb(path.join(dataDir, 'db'));
  const remoteDb = openDatabase(platform, 'sync-remote');
  await remoteDb.open();
  const { accountGuid } = await ensureOwner(remoteDb, { token: TOKEN, now: Date.now() });
  const persona = (await remoteDb.personas.toArray())[0]?.guid ?? '';
  const channel = (await remoteDb.channels.toArray())[0]?.guid ?? '';
  const corpus = buildCorpus({ count: posts, accountGuid, personas: [persona], channels: [channel], handles: ['me'] });
  // All public: everything the remote has is for the desk to pull.
  const rows = corpus.rows.map((row) => ({ ...row, privacy: 'visibility.public' as const }));
  for (let i = 0; i < rows.length; i += 2000) await putPostsInOneTransaction(remoteDb, rows.slice(i, i + 2000));
  const remoteHost = createHttpHost({
    service: createService({ db: remoteDb }),
    site: () => Promise.resolve(new Response('')),
  });
  const { port } = await remoteHost.listen(0, '127.0.0.1');
  const remoteUrl = `http://127.0.0.1:${port}`;

  const deskDb = openDatabase(platform, 'sync-desk');
  await deskDb.open();
  await ensureOwner(deskDb, { token: TOKEN, now: Date.now() });
  const counter = countingFetch();
  const engine = createSyncEngine({
    db: deskDb,
    box: plainSecretBox,
    now: () => Math.floor(Date.now() / 1000),
    fetch: counter.fetch,
    timeoutMs: 60_000,
  });
  const desk = createService({ db: deskDb, sync: engine });
  const status = await engine.addRemote({
    baseUrl: remoteUrl,
    interface: 'instance',
    credentials: { token: TOKEN },
    pollSeconds: 60,
  });

  counter.take();
  let started = performance.now();
  await engine.syncRemote(status.guid);
  const pullSeconds = (performance.now() - started) / 1000;
  const pulled = await deskDb.posts.count();
  report(
    `sync, first pull: ${pulled} posts in ${pullSeconds.toFixed(1)} s = ${Math.round(pulled / pullSeconds)} posts/s, ${counter.take()} requests (pages of 249, each stored in one transaction; both instances in this process, loopback HTTP)`,
  );
  started = performance.now();
  const indexed = await indexAllQueuedWords(deskDb);
  const indexSeconds = (performance.now() - started) / 1000;
  report(
    `sync, search index of the pulled posts, built behind the pull: ${indexed} posts in ${indexSeconds.toFixed(1)} s = ${Math.round(indexed / indexSeconds)} posts/s`,
  );

  const idle = await idlePolls(engine, status.guid, counter);
  report(
    `sync, idle poll (nothing changed, ${pulled} posts held): ${idle.requests} requests (one per timeline: global, mentions), p50 ${idle.p50.toFixed(1)} ms, p99 ${idle.p99.toFixed(1)} ms (20 polls)`,
  );

  const outbox = 1000;
  const drain = await drainedOutbox(
    { desk, token: TOKEN, personaGuid: persona, engine, remoteGuid: status.guid, count: outbox },
    counter,
  );
  report(
    `sync, draining an outbox of ${outbox} posts: ${drain.seconds.toFixed(1)} s = ${Math.round(outbox / drain.seconds)} posts/s, ${drain.requests} requests, ${await deskDb.outbox.count()} left (one write each, then the post takes the remote's GUID)`,
  );

  await remoteHost.close();
  remoteDb.close();
  deskDb.close();
}
