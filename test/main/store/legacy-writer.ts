/**
 * Writes a store with the engine of the release before (indexeddbshim) in a worker thread, through the real
 * schema and the service's writes, and answers every table as that engine reads it back through Dexie.
 */
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { shimIdb } from '../../../src-main/store/shim-idb';
import { createService } from '../../../src-shared/service';
import { ensureOwner } from '../../../src-shared/store/bootstrap';
import { putPostsInOneTransaction } from '../../../src-shared/store/bulk';
import { openDatabase } from '../../../src-shared/store/db';
import { buildCorpus } from '../../bench/corpus';
import { readTables, type LegacyWriterData, type LegacyWriterMessage } from './legacy-tables';

async function write(data: LegacyWriterData): Promise<LegacyWriterMessage> {
  const db = openDatabase(shimIdb(path.join(data.dataDir, 'db')), data.databaseName);
  await db.open();
  const now = 1_800_000_000_000;
  const { accountGuid } = await ensureOwner(db, { token: data.token, now });
  const service = createService({ db, clock: { now: () => now }, onUnexpectedError: (e) => console.error(e) });
  const call = async (method: string, url: string, body?: Record<string, unknown>) => {
    const response = await service(
      new Request(`http://desk.test${url}`, {
        method,
        headers: { authorization: data.token, 'content-type': 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      }),
    );
    const json = (await response.json()) as { data?: unknown[] };
    if (response.status !== 200) throw new Error(`${method} ${url}: ${JSON.stringify(json)}`);
    return json.data?.[0] as { guid: string };
  };
  const first = await call('POST', '/api/posts/write', {
    content: 'The first post, with **words**',
    post_type: 'post.note',
  });
  await call('POST', '/api/posts/write', { content: 'A reply to it', post_type: 'post.note', reply_to: first.guid });
  await call('POST', `/api/posts/${first.guid}/star`);
  await call('POST', `/api/posts/${first.guid}/pin`, { colour: 'red' });
  const persona = await db.personas.where('accountGuid').equals(accountGuid).first();
  const channel = await db.channels.where('accountGuid').equals(accountGuid).first();
  if (!persona || !channel) throw new Error('a new instance has a Persona and a Channel');
  if (data.corpus > 0) {
    const { rows } = buildCorpus({
      count: data.corpus,
      accountGuid,
      personas: [persona.guid],
      channels: [channel.guid],
      handles: [persona.handle],
    });
    for (let i = 0; i < rows.length; i += 2000) await putPostsInOneTransaction(db, rows.slice(i, i + 2000));
  }
  await call('POST', '/api/drafts', {
    id: 'draft-1',
    personaGuid: persona.guid,
    channelGuid: channel.guid,
    type: 'post.note',
    text: 'A draft kept by the instance',
    privacy: 'visibility.public',
    updatedAt: 1_800_000_000_000,
    version: 0,
  });
  const remoteGuid = '5b2c1f0e-8d7a-4c3b-9e6f-1a2b3c4d5e6f';
  await db.remotes.put({
    guid: remoteGuid,
    baseUrl: 'https://streams.example',
    interface: 'instance',
    sealedToken: 'sealed',
    accountRef: 'account-1',
    defaultChannelGuid: channel.guid,
    channelsLinked: false,
    pollSeconds: 300,
    createdUnix: 1_800_000_000,
    lastPullUnix: null,
    lastPushUnix: null,
    lastError: null,
    lastErrorUnix: null,
  });
  const item = {
    remoteGuid,
    postGuid: first.guid,
    personaGuid: persona.guid,
    value: null,
    baseUpdatedUnix: null,
    createdUnix: 1_800_000_000,
    attempts: 0,
    nextAttemptUnix: 1_800_000_000,
    state: 'pending',
    uncertain: 0,
    error: null,
  } as const;
  await db.outbox.add({ ...item, op: 'publish' });
  await db.outbox.add({ ...item, op: 'star' });
  // The last item is sent and goes, and the last post's row too (as a pulled copy goes when a post adopts
  // its GUID, store/adopt-guid.ts): both key generators are ahead of every key left.
  const deletedSeq = (await db.outbox.add({ ...item, op: 'pin', value: 'red' })) ?? 0;
  await db.outbox.delete(deletedSeq);
  const last = await call('POST', '/api/posts/write', { content: 'Written, then gone', post_type: 'post.note' });
  const deletedId = (await db.posts.where('guid').equals(last.guid).first())?.id ?? 0;
  await db.posts.delete(deletedId);
  const tables = await readTables(db);
  db.close();
  return { tables, deletedId, deletedSeq };
}

const port = parentPort;
if (!port) throw new Error('legacy-writer.ts runs as a worker thread');
try {
  port.postMessage(await write(workerData as LegacyWriterData));
} catch (error) {
  port.postMessage({ error: (error as Error).stack ?? String(error) } satisfies LegacyWriterMessage);
}
