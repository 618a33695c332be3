/**
 * The streams part of `npm run bench`: a desk on the real storage backend and a real matigo/streams server
 * (PHP's built-in server with one worker and MariaDB, ../shared/peers/streams) on this machine. Prints the
 * first pull of 1,000 posts of all four kinds (posts/s), an idle poll, and draining an outbox of 200 posts.
 * Where the peer cannot run, says why. Figures are printed, not asserted.
 */
import path from 'node:path';
import { sqliteIdb } from '../../src-main/store/sqlite-idb';
import { createService } from '../../src-shared/service';
import { ensureOwner } from '../../src-shared/store/bootstrap';
import { openDatabase } from '../../src-shared/store/db';
import { createSyncEngine } from '../../src-shared/sync/engine';
import { plainSecretBox } from '../../src-shared/sync/secret-box';
import { peerUnavailable, startPeer } from '../interop/streams/peer';
import { writeSeries } from '../interop/streams/seed';
import { countingFetch, drainedOutbox, idlePolls } from './sync-steps';

const TOKEN = 'bench-streams-token-0123456789abcdef';
const POSTS = 1000;
const DAY = 86_400;

export async function benchStreams(dataDir: string, report: (line: string) => void): Promise<void> {
  const unavailable = peerUnavailable();
  if (unavailable) {
    report(`streams: not measured (${unavailable})`);
    return;
  }
  const peer = await startPeer();
  try {
    const now = Math.floor(Date.now() / 1000);
    let started = performance.now();
    await writeSeries(peer, peer.owner, { count: POSTS, fromUnix: now - 60 * DAY, stepSeconds: 5000, label: 'bench' });
    report(
      `streams, seeding the peer: ${POSTS} posts (one in ten each an article, bookmark or quotation) written through its API in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const db = openDatabase(sqliteIdb(path.join(dataDir, 'db')), 'streams-desk');
    await db.open();
    await ensureOwner(db, { token: TOKEN, now: Date.now() });
    const counter = countingFetch();
    const engine = createSyncEngine({
      db,
      box: plainSecretBox,
      now: () => Math.floor(Date.now() / 1000),
      fetch: counter.fetch,
      timeoutMs: 60_000,
    });
    const desk = createService({ db, sync: engine });
    const status = await engine.addRemote({
      baseUrl: peer.base,
      interface: 'instance',
      credentials: { token: peer.owner.token },
      pollSeconds: 60,
    });

    counter.take();
    started = performance.now();
    await engine.syncRemote(status.guid);
    const seconds = (performance.now() - started) / 1000;
    const pulled = (await db.posts.toArray()).filter((p) => p.remoteGuid === status.guid).length;
    report(
      `streams, first pull: ${pulled} posts in ${seconds.toFixed(1)} s = ${Math.round(pulled / seconds)} posts/s, ${counter.take()} requests (global walked in pages of 249, the Persona's history once, mentions)`,
    );

    const idle = await idlePolls(engine, status.guid, counter);
    report(
      `streams, idle poll (nothing new): ${idle.requests} requests (the token, global and mentions, a page of 40 each), p50 ${idle.p50.toFixed(1)} ms, p99 ${idle.p99.toFixed(1)} ms (20 polls)`,
    );

    const outbox = 200;
    const drain = await drainedOutbox(
      { desk, token: TOKEN, personaGuid: peer.owner.personaGuid, engine, remoteGuid: status.guid, count: outbox },
      counter,
    );
    report(
      `streams, draining an outbox of ${outbox} posts: ${drain.seconds.toFixed(1)} s = ${Math.round(outbox / drain.seconds)} posts/s, ${drain.requests} requests, ${await db.outbox.count()} left`,
    );
    db.close();
  } finally {
    await peer.stop();
  }
}
