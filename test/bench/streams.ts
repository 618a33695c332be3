/**
 * The streams part of `npm run bench`: a desk on the real storage backend and a real matigo/streams server
 * (PHP's built-in server with one worker and MariaDB, ../shared/peers/streams) on this machine. Prints the
 * first pull of 1,000 posts of all four kinds (posts/s), an idle poll, and draining an outbox of 200 posts.
 * Where the peer cannot run, says why. Figures are printed, not asserted.
 */
import path from 'node:path';
import { sqliteIdb } from '../../src-main/host/sqlite-idb';
import { createService } from '../../src-shared/service';
import { ensureOwner } from '../../src-shared/store/bootstrap';
import { openDatabase } from '../../src-shared/store/db';
import { createSyncEngine } from '../../src-shared/sync/engine';
import { plainSecretBox } from '../../src-shared/sync/secret-box';
import { peerUnavailable, startPeer } from '../interop/streams/peer';
import { writeSeries } from '../interop/streams/seed';
import { percentiles } from './measure';

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
    report(`streams, seeding the peer: ${POSTS} posts (one in ten each an article, bookmark or quotation) written through its API in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const db = openDatabase(sqliteIdb(path.join(dataDir, 'db')), 'streams-desk');
    await db.open();
    await ensureOwner(db, { token: TOKEN, now: Date.now() });
    let requests = 0;
    const counting: typeof fetch = (input, init) => {
      requests += 1;
      return fetch(input, init);
    };
    const engine = createSyncEngine({ db, box: plainSecretBox, now: () => Math.floor(Date.now() / 1000), fetch: counting, timeoutMs: 60_000 });
    const desk = createService({ db, sync: engine });
    const status = await engine.addRemote({ base_url: peer.base, interface: 'instance', token: peer.owner.token, poll_seconds: 60 });

    requests = 0;
    started = performance.now();
    await engine.syncRemote(status.guid);
    const seconds = (performance.now() - started) / 1000;
    const pulled = (await db.posts.toArray()).filter((p) => p.remoteGuid === status.guid).length;
    report(`streams, first pull: ${pulled} posts in ${seconds.toFixed(1)} s = ${Math.round(pulled / seconds)} posts/s, ${requests} requests (global walked in pages of 249, the Persona's history once, mentions)`);

    const idle: number[] = [];
    let idleRequests = 0;
    for (let i = 0; i < 20; i++) {
      requests = 0;
      started = performance.now();
      await engine.syncRemote(status.guid);
      idle.push(performance.now() - started);
      idleRequests = Math.max(idleRequests, requests);
    }
    const { p50, p99 } = percentiles(idle);
    report(`streams, idle poll (nothing new): ${idleRequests} requests (the token, global and mentions, a page of 40 each), p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms (20 polls)`);

    const outbox = 200;
    for (let i = 0; i < outbox; i++) {
      const res = await desk(
        new Request('http://desk.local/api/posts/write', {
          method: 'POST',
          headers: { authorization: TOKEN, 'content-type': 'application/json' },
          body: JSON.stringify({ content: `Written offline ${i}, sent later`, post_type: 'post.note', persona_guid: peer.owner.personaGuid }),
        }),
      );
      if (res.status !== 200) throw new Error(`write failed: ${await res.text()}`);
    }
    requests = 0;
    started = performance.now();
    await engine.syncRemote(status.guid);
    const drain = (performance.now() - started) / 1000;
    report(`streams, draining an outbox of ${outbox} posts: ${drain.toFixed(1)} s = ${Math.round(outbox / drain)} posts/s, ${requests} requests, ${await db.outbox.count()} left`);
    db.close();
  } finally {
    await peer.stop();
  }
}
