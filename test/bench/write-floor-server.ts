/**
 * The floor of a write for `npm run bench` (beside-streams.ts): a bare HTTP server in a process of its own
 * that, for each `POST /api/posts/write`, builds the post's row from the body's `content` and stores it with
 * the store transaction the instance's write uses (`putPostsInOneTransaction`, a new GUID), durable as the
 * host's, then answers the stored row. No routing, session, validation, presentation or change feed: what
 * the host spends beyond this is theirs. Usage: `tsx test/bench/write-floor-server.ts <data folder>` on a
 * store that has its owner; prints `serving <url>`.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { sqliteIdb } from '../../src-main/store/sqlite-idb';
import { putPostsInOneTransaction } from '../../src-shared/store/bulk';
import { openDatabase } from '../../src-shared/store/db';
import { defaultCanonicalPath, postRow } from '../../src-shared/store/post-row';
import { newGuid } from '../../src-shared/util/secrets';

const folder = process.argv[2];
if (folder === undefined) throw new Error('usage: write-floor-server.ts <data folder>');
const db = openDatabase(sqliteIdb(path.join(folder, 'db')));
await db.open();
const persona = await db.personas.orderBy('[accountGuid+position]').first();
const channel = await db.channels.orderBy('[accountGuid+position]').first();
if (!persona || !channel) throw new Error(`no owner in ${folder}`);

async function write(body: string): Promise<string> {
  const { content } = JSON.parse(body) as { content: string };
  const guid = newGuid();
  const now = Math.floor(Date.now() / 1000);
  const row = postRow({
    guid,
    type: 'post.note',
    privacy: 'visibility.public',
    accountGuid: persona?.accountGuid ?? '',
    personaGuid: persona?.guid ?? '',
    channelGuid: channel?.guid ?? '',
    title: null,
    text: content,
    tags: [],
    mentions: [],
    replyTo: null,
    parentGuid: null,
    threadKey: guid,
    sourceUrl: null,
    sourceTitle: null,
    geo: null,
    slug: null,
    canonicalPath: defaultCanonicalPath(guid),
    publishUnix: now,
    expiresUnix: null,
    createdUnix: now,
    updatedUnix: now,
    deleted: 0,
  });
  const [stored] = await putPostsInOneTransaction(db, [row], { fresh: true });
  return JSON.stringify({ meta: { code: 200 }, data: [stored] });
}

const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    write(Buffer.concat(chunks).toString()).then(
      (answer) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(answer);
      },
      (error: unknown) => {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(String(error));
      },
    );
  });
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`serving http://127.0.0.1:${(server.address() as AddressInfo).port}\n`);
});
process.on('SIGTERM', () => {
  server.close();
  db.close();
  process.exit(0);
});
