/**
 * `npm run bench`: builds an instance of 100,000 posts over 5 Personas and 10 Channels and prints, with the
 * workload, what a person would feel: writes/s one request at a time and in a bulk import, p50/p99 of the
 * global timeline (count=100), of the legacy Blurbs (count=200), of a two-word legacy search and of a
 * 200-post thread over HTTP, start to first answer of the headless host
 * on that data, and the host's peak RSS; then a soak of 50 clients for 60 s on that data (soak.ts, which
 * fails the run on a 5xx, a lost or doubled post or too much memory), sync with a second instance (sync.ts)
 * and with a real matigo/streams server (streams.ts), writes and timeline reads beside that server (beside-streams.ts), and a backup of the running host while it serves
 * requests (backup.ts), and export and restore of the whole instance with the archive commands (archive.ts).
 * Other figures are printed, not asserted.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { closeSqliteIdb, sqliteIdb } from '../../src-main/store/sqlite-idb';
import { createService } from '../../src-shared/service';
import { ensureOwner } from '../../src-shared/store/bootstrap';
import { putPostsInOneTransaction } from '../../src-shared/store/bulk';
import { openDatabase } from '../../src-shared/store/db';
import { indexAllQueuedWords } from '../../src-shared/store/word-index';
import { buildCorpus, VOCABULARY } from './corpus';
import { benchArchive } from './archive';
import { benchBackup } from './backup';
import { benchBesideStreams } from './beside-streams';
import { peerUnavailable } from '../interop/streams/peer';
import { benchBackupSeries } from './backup-series';
import { benchSoak } from './soak';
import { benchStreams } from './streams';
import { benchSync } from './sync';
import { peakRssMb, startHost, stopHost } from './host';
import { benchDrafts } from './drafts';
import { percentiles, timeRequests } from './measure';

const POSTS = Number(process.env['BENCH_POSTS'] ?? 100_000);
const SYNC_POSTS = Number(process.env['BENCH_SYNC_POSTS'] ?? 20_000);
/**
 * `BENCH_ONLY=sync`, `BENCH_ONLY=streams` or `BENCH_ONLY=soak` runs that part alone (the soak on a new
 * instance); `BENCH_ONLY=backup`, `BENCH_ONLY=archive` or `BENCH_ONLY=backup,archive` builds the store of
 * BENCH_POSTS and runs those parts alone; `BENCH_ONLY=store` builds it and measures the store alone (its size,
 * host start, writes and reads), without the backup, archive, soak and sync parts.
 */
const ONLY = process.env['BENCH_ONLY'];
const TOKEN = 'bench-owner-token-0123456789abcdef';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'desk-bench-'));
const lines: string[] = [];
const report = (line: string) => {
  lines.push(line);
  console.log(line);
};

async function importCorpus() {
  const db = openDatabase(sqliteIdb(path.join(dataDir, 'db')));
  await db.open();
  const { accountGuid } = await ensureOwner(db, { token: TOKEN, now: Date.now() });
  const service = createService({ db });
  const call = async (p: string, body: Record<string, string>) => {
    const res = await service(
      new Request(`http://bench.local${p}`, {
        method: 'POST',
        headers: { authorization: TOKEN, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    );
    return ((await res.json()) as { data: { guid: string } }).data;
  };
  for (let i = 1; i < 5; i++) await call('/api/account/personas', { handle: `persona${i}`, name: `Persona ${i}` });
  const personas = (await db.personas.toArray()).map((p) => p.guid);
  for (let i = 1; i < 10; i++)
    await call('/api/account/channels', { name: `Channel ${i}`, persona_guids: personas.join(',') });
  const channels = (await db.channels.toArray()).map((c) => c.guid);
  for (const c of channels) for (const p of personas) await db.grants.put({ channelGuid: c, personaGuid: p });

  const corpus = buildCorpus({
    count: POSTS,
    accountGuid,
    personas,
    channels,
    handles: ['me', 'persona1', 'persona2'],
  });
  const started = performance.now();
  for (let i = 0; i < corpus.rows.length; i += 2000) await putPostsInOneTransaction(db, corpus.rows.slice(i, i + 2000));
  const seconds = (performance.now() - started) / 1000;
  report(
    `bulk import: ${corpus.rows.length} posts in ${seconds.toFixed(1)} s = ${Math.round(corpus.rows.length / seconds)} posts/s (batches of 2,000, one transaction each, Markdown rendered beforehand)`,
  );
  const indexStarted = performance.now();
  const indexed = await indexAllQueuedWords(db);
  const indexSeconds = (performance.now() - indexStarted) / 1000;
  report(
    `search index built behind the import: ${indexed} posts in ${indexSeconds.toFixed(1)} s = ${Math.round(indexed / indexSeconds)} posts/s (${await db.wordPostings.count()} blocks; search is exact meanwhile, reading the queued posts)`,
  );
  db.close();
  closeSqliteIdb(path.join(dataDir, 'db'));
  return corpus.threadRoot;
}

/** The bytes of the store's files (the host has stopped, so SQLite has folded its WAL in). */
function reportStoreSize(posts: number) {
  const dbDir = path.join(dataDir, 'db');
  const files = fs.readdirSync(dbDir).map((file) => ({ file, bytes: fs.statSync(path.join(dbDir, file)).size }));
  const bytes = files.reduce((sum, { bytes }) => sum + bytes, 0);
  const each = files.map(({ file, bytes }) => `${file} ${(bytes / 1e6).toFixed(1)} MB`).join(', ');
  report(
    `store on disk: ${(bytes / 1e6).toFixed(1)} MB for ${posts} posts = ${Math.round(bytes / posts)} bytes per post (every file of db/, the host stopped: ${each})`,
  );
}

async function main() {
  if (ONLY === 'soak') {
    if (!(await benchSoak(dataDir, TOKEN, report))) process.exitCode = 1;
    fs.rmSync(dataDir, { recursive: true, force: true });
    return;
  }
  if (ONLY === 'sync' || ONLY === 'streams') {
    await (ONLY === 'sync' ? benchSync(dataDir, SYNC_POSTS, report) : benchStreams(dataDir, report));
    fs.rmSync(dataDir, { recursive: true, force: true });
    return;
  }
  const parts = new Set(ONLY?.split(','));
  if (parts.has('backup') || parts.has('archive')) {
    await importCorpus();
    const { child, url } = await startHost(dataDir, TOKEN);
    if (parts.has('backup')) {
      await benchBackupSeries(url, TOKEN, dataDir, report);
      await benchBackup(url, TOKEN, report);
    }
    if (parts.has('archive')) await benchArchive(dataDir, report);
    await stopHost(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
    return;
  }
  report(
    `workload: ${POSTS} posts (70% notes, 15% articles, 10% bookmarks, 5% quotations) over 5 Personas and 10 Channels, 5 years of publish times, one 200-post thread; ${os.cpus().length} cores, Node ${process.version}`,
  );
  const threadRoot = await importCorpus();
  // For the writes' floor beside streams: the same store, before the host has touched it (not copied where
  // the peer cannot run, as nothing is measured beside it then).
  const floorDir = `${dataDir}-floor`;
  if (peerUnavailable() === null) fs.cpSync(dataDir, floorDir, { recursive: true });

  const { child, url, startedAt } = await startHost(dataDir, TOKEN);
  let first: Response;
  do first = await fetch(`${url}/api/posts/global?count=1`);
  while (first.status !== 200);
  report(
    `host start to first answer: ${Math.round(performance.now() - startedAt)} ms (process spawn, TypeScript loader, store open, first timeline)`,
  );

  const headers = { authorization: TOKEN, 'content-type': 'application/json' };
  const writes = 300;
  const writeStart = performance.now();
  for (let i = 0; i < writes; i++) {
    const res = await fetch(`${url}/api/posts/write`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        content: `Single write ${i} with **Markdown** and a #tag`,
        post_type: 'post.note',
        tags: 'bench',
      }),
    });
    if (res.status !== 200) throw new Error(`write failed: ${await res.text()}`);
  }
  const writeSeconds = (performance.now() - writeStart) / 1000;
  report(
    `single writes over HTTP, one at a time, each committed before its answer: ${Math.round(writes / writeSeconds)} posts/s (${writes} writes)`,
  );

  await benchDrafts({ url, token: TOKEN }, report);

  const global = percentiles(await timeRequests(`${url}/api/posts/global?count=100`, {}, 300));
  report(
    `GET /api/posts/global?count=100 (anonymous): p50 ${global.p50.toFixed(1)} ms, p99 ${global.p99.toFixed(1)} ms (300 requests)`,
  );
  const all = percentiles(
    await timeRequests(
      `${url}/api/posts/global?count=100&types=post.note,post.article,post.bookmark,post.quotation`,
      { authorization: TOKEN },
      300,
    ),
  );
  report(
    `GET /api/posts/global?count=100, all four types, as owner: p50 ${all.p50.toFixed(1)} ms, p99 ${all.p99.toFixed(1)} ms (300 requests)`,
  );
  const blurbs = percentiles(await timeRequests(`${url}/content/blurbs/global?count=200`, {}, 200));
  report(
    `GET /content/blurbs/global?count=200 (legacy, anonymous): p50 ${blurbs.p50.toFixed(1)} ms, p99 ${blurbs.p99.toFixed(1)} ms (200 requests)`,
  );
  // Two words of middling frequency (ranks 50 and 80 of the Zipf-like vocabulary): each is in a few percent of
  // posts, both in a fraction of a percent, so the search must page the rarer word's index.
  const filter = `${VOCABULARY[49]} ${VOCABULARY[79]}`;
  const search = percentiles(
    await timeRequests(`${url}/content/blurbs/search?filter=${encodeURIComponent(filter)}`, {}, 200),
  );
  report(
    `GET /content/blurbs/search?filter=${filter} (two words, legacy, anonymous, count 50): p50 ${search.p50.toFixed(1)} ms, p99 ${search.p99.toFixed(1)} ms (200 requests)`,
  );
  const thread = percentiles(await timeRequests(`${url}/api/posts/${threadRoot}/thread`, {}, 200));
  report(
    `GET /api/posts/{guid}/thread (200 posts): p50 ${thread.p50.toFixed(1)} ms, p99 ${thread.p99.toFixed(1)} ms (200 requests)`,
  );

  if (ONLY !== 'store') {
    await benchBackupSeries(url, TOKEN, dataDir, report);
    await benchBackup(url, TOKEN, report);
    await benchArchive(dataDir, report);
  }

  const besideWrites = await benchBesideStreams({ url, token: TOKEN }, floorDir, report);
  fs.rmSync(floorDir, { recursive: true, force: true });

  report(`host peak RSS: ${peakRssMb(child) ?? '?'} MB`);

  await stopHost(child);
  reportStoreSize(POSTS + writes + besideWrites);
  if (ONLY === 'store') {
    fs.rmSync(dataDir, { recursive: true, force: true });
    return;
  }
  if (!(await benchSoak(dataDir, TOKEN, report))) process.exitCode = 1;
  await benchSync(dataDir, SYNC_POSTS, report);
  await benchStreams(dataDir, report);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
