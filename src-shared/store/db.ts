import { Dexie, type EntityTable } from 'dexie';
import { accountSnapshotMiddleware } from './account-snapshot';
import { unpackingMiddleware } from './packing';
import { writeWatchMiddleware } from './write-watch';
import type {
  AccountRow,
  ChangeRow,
  ChannelRow,
  CopyRow,
  DraftRow,
  GrantRow,
  MarkerRow,
  MentionRow,
  PersonaRow,
  PinRow,
  PostRow,
  ReplyRow,
  SettingRow,
  StarRow,
  TokenRow,
  IndexQueueRow,
} from './rows';
import { backfillV2, upgradeToV2 } from './upgrade-v2';
import type {
  ConflictRow,
  CursorRow,
  DraftCursorRow,
  DraftLinkRow,
  OutboxRow,
  RemoteRow,
  RemoteUrlRow,
} from './sync-rows';
import { upgradeToV3 } from './upgrade-v3';
import { requeueWordsV6, upgradeToV6 } from './upgrade-v6';
import { upgradeToV8 } from './upgrade-v8';
import { upgradeToV9 } from './upgrade-v9';
import { upgradeToV11 } from './upgrade-v11';
import { tableOnceMiddleware } from './table-once';

/**
 * The platform's IndexedDB: the browser's own, the engine on SQLite in the hosts (src-main/store/indexeddb),
 * or fake-indexeddb in unit tests. Passing it in keeps `src-shared` free of any host.
 */
export interface IdbPlatform {
  indexedDB: IDBFactory;
  IDBKeyRange: typeof IDBKeyRange;
}

export type PublishingDb = Dexie & {
  accounts: EntityTable<AccountRow, 'guid'>;
  tokens: EntityTable<TokenRow, 'hash'>;
  personas: EntityTable<PersonaRow, 'guid'>;
  channels: EntityTable<ChannelRow, 'guid'>;
  grants: Dexie.Table<GrantRow, [string, string]>;
  posts: EntityTable<PostRow, 'id'>;
  mentions: Dexie.Table<MentionRow, [string, number, string]>;
  stars: Dexie.Table<StarRow, [string, string]>;
  pins: Dexie.Table<PinRow, [string, string]>;
  settings: EntityTable<SettingRow, 'key'>;
  changes: Dexie.Table<ChangeRow, [number, string]>;
  replies: Dexie.Table<ReplyRow, [string, number, string]>;
  remotes: EntityTable<RemoteRow, 'guid'>;
  cursors: Dexie.Table<CursorRow, [string, string]>;
  outbox: EntityTable<OutboxRow, 'seq'>;
  conflicts: EntityTable<ConflictRow, 'postGuid'>;
  remoteUrls: EntityTable<RemoteUrlRow, 'url'>;
  indexQueue: EntityTable<IndexQueueRow, 'order'>;
  wordPostings: Dexie.Table<Uint8Array, BlockKey>;
  markers: Dexie.Table<MarkerRow, [string, string]>;
  drafts: Dexie.Table<DraftRow, [string, string]>;
  draftLinks: Dexie.Table<DraftLinkRow, [string, string]>;
  draftCursors: EntityTable<DraftCursorRow, 'remoteGuid'>;
  copies: EntityTable<CopyRow, 'postGuid'>;
};

/** A block of a word's positions: the word, and the block's number (0 for the head; store/word-blocks.ts). */
export type BlockKey = [word: string, number: number];

/**
 * Schema history. Never edit a published version: add a new one with an upgrade function and a test that
 * opens a database of the version before it.
 *
 * Every index that a query reads a range of ends with a unique component (the GUID). indexeddbshim 17.3
 * pages `getAll` results by cursorPreloadPackSize and loses rows that share one index key across a page
 * boundary; unique keys make its paging exact (see test/shared/store/shim-paging.test.ts).
 */
export const schemaV1 = {
  accounts: 'guid, &name',
  tokens: 'hash, accountGuid',
  personas: 'guid, &handleKey, [accountGuid+position]',
  channels: 'guid, [accountGuid+position]',
  grants: '[channelGuid+personaGuid], personaGuid',
  posts:
    '++id, &guid, [type+order], [threadKey+publishUnix+guid], [canonicalPath+guid], ' +
    '[personaGuid+order], [channelGuid+order]',
  mentions: '[personaGuid+publishUnix+postGuid], postGuid',
  stars: '[postGuid+personaGuid], [personaGuid+starredUnix+postGuid]',
  pins: '[postGuid+personaGuid], [personaGuid+pinnedUnix+postGuid]',
  settings: 'key',
} as const;

/**
 * Version 2, for the legacy interface: numeric ids for Personas and Channels, the time each post became
 * new (`changes`, read by `since_unix`) and a word index for search. Both are tables of their own rather
 * than indexes on `posts`: indexeddbshim 17.3 stalls a version change that adds an index to a store of
 * many thousand rows (test/shared/store/upgrade-v2.test.ts), while new tables are created empty.
 */
export const schemaV2 = {
  ...schemaV1,
  personas: `${schemaV1.personas}, &id`,
  channels: `${schemaV1.channels}, &id`,
  changes: '[changeUnix+postGuid], &postGuid',
  words: '[word+order], postGuid',
} as const;

/**
 * Version 3: stars, pins and reposts of the instance's Personas also as marks on the post row
 * (store/relations.ts), and replies across accounts for the legacy `interactions` collection.
 */
export const schemaV3 = {
  ...schemaV2,
  replies: '[personaGuid+publishUnix+postGuid], postGuid',
} as const;

/**
 * Version 4, for sync: remotes, their pull cursors, the outbox of local changes still to send, and
 * conflicts. New tables only: the fields sync adds to Personas, Channels and posts are not indexed.
 */
export const schemaV4 = {
  ...schemaV3,
  remotes: 'guid',
  cursors: '[remoteGuid+timeline]',
  outbox: '++seq, [remoteGuid+seq], postGuid',
  conflicts: 'postGuid, remoteGuid',
} as const;

/**
 * Version 5: search words are written behind the writers, by the indexer (store/word-index.ts), from a
 * queue of the posts written since. A post's words are about thirty rows, each one request on
 * indexeddbshim: three quarters of the cost of storing a post. Search stays exact meanwhile (it also reads
 * the queued posts themselves).
 */
export const schemaV5 = {
  ...schemaV4,
  wordQueue: 'postGuid',
} as const;

/**
 * Version 6: the search index keeps each word's posts in blocks of positions (store/word-blocks.ts) instead
 * of a row per word and post: a search reads a few blocks, and indexing a post rewrites a block per word.
 * The old rows go with their table, and the queue is now in timeline order (rows.ts IndexQueueRow):
 * every post is queued for the indexer again (upgrade-v6.ts).
 */
export const schemaV6 = {
  ...schemaV5,
  words: null,
  wordQueue: null,
  indexQueue: 'order',
  wordDirs: 'word',
  wordBlocks: '[word+start]',
  postWords: 'postId',
} as const;

/**
 * Version 7, for sync with the reference server: the canonical URL on its remote of each post held here
 * whose URL holds no GUID (sync-rows.ts RemoteUrlRow), by which a reply names the post it answers. A new
 * table, empty: posts synced before it came from this project's instances, whose URLs hold their GUIDs.
 */
export const schemaV7 = {
  ...schemaV6,
  remoteUrls: 'url, postGuid',
} as const;

/**
 * Version 8: no new table or index. Posts are now also found by the title and host of the page they are
 * about and by each tag exactly (store/post-derived.ts wordsOf), so the posts that gain words (those with
 * a source or tags) are queued for the indexer again (upgrade-v8.ts).
 */
export const schemaV8 = schemaV7;

/**
 * Version 9: a word's positions are bytes (store/word-blocks.ts), keyed outside the value, and its directory
 * is in its first block; no table keeps each post's words, as the queue says what the index holds for the
 * posts it lists (rows.ts IndexQueueRow). A search index of about 250 bytes a post instead of 1,250. The
 * blocks of version 8 go with their tables, named anew because a table's key cannot change, and every post
 * is queued for the indexer again (upgrade-v9.ts).
 */
export const schemaV9 = {
  ...schemaV8,
  wordDirs: null,
  wordBlocks: null,
  postWords: null,
  wordPostings: '',
} as const;

/**
 * Version 10: each timeline's reading place, kept by the instance so that every page and desk of the person
 * finds it (api/markers.ts). A new table, empty.
 */
export const schemaV10 = {
  ...schemaV9,
  markers: '[accountGuid+timeline]',
} as const;

/**
 * Version 11: drafts, kept by the instance so that every page and desk of the person finds them (store/drafts.ts),
 * by account and id; by `seq`, the order of their changes; and the account's drafts, kept or removed, in that
 * order. Drafts a restore left in `settings` for the page to take move into it (upgrade-v11.ts). With each
 * remote of this project, where each draft stood when it was last the same on both, and how far their drafts
 * were exchanged (sync/drafts-exchange.ts). And the posts published together from one draft as several
 * Personas, by the GUID of the first (`copies`).
 */
export const schemaV11 = {
  ...schemaV10,
  drafts: '[accountGuid+id], &seq, [accountGuid+gone+seq]',
  draftLinks: '[remoteGuid+draftId]',
  draftCursors: 'remoteGuid',
  copies: 'postGuid, [group+postGuid]',
} as const;

export const DATABASE_NAME = 'publishing';

/**
 * The newest schema version, declared last below. The hosts compare it with the version a data folder holds
 * to back the store up before it is upgraded (src-main/backups/at-start.ts).
 */
export const SCHEMA_VERSION = 11;

/** Dexie's own middlewares that serve only live queries (liveQuery): their cache, and their record of changes. */
const LIVE_QUERY_MIDDLEWARES = ['Cache', 'Observability'];

export function openDatabase(platform: IdbPlatform, name: string = DATABASE_NAME): PublishingDb {
  const db = new Dexie(name, {
    indexedDB: platform.indexedDB,
    IDBKeyRange: platform.IDBKeyRange,
  }) as PublishingDb;
  db.version(1).stores(schemaV1);
  db.version(2).stores(schemaV2).upgrade(upgradeToV2);
  db.version(3).stores(schemaV3).upgrade(upgradeToV3);
  db.version(4).stores(schemaV4);
  db.version(5).stores(schemaV5);
  db.version(6).stores(schemaV6).upgrade(upgradeToV6);
  db.version(7).stores(schemaV7);
  db.version(8).stores(schemaV8).upgrade(upgradeToV8);
  db.version(9).stores(schemaV9).upgrade(upgradeToV9);
  db.version(10).stores(schemaV10);
  db.version(SCHEMA_VERSION).stores(schemaV11).upgrade(upgradeToV11);
  // Dexie holds back every other request until these are done.
  db.on('ready', async () => {
    await backfillV2(db);
    await requeueWordsV6(db);
  });
  // Dexie's live queries are not used (watchWrites tells who cares what was written): their middlewares
  // would still note the ranges every write touched, and broadcast them to every thread at each commit.
  for (const name of LIVE_QUERY_MIDDLEWARES) db.unuse({ stack: 'dbcore', name });
  db.use(unpackingMiddleware(['posts']));
  db.use(accountSnapshotMiddleware(db));
  db.use(writeWatchMiddleware(db));
  db.use(tableOnceMiddleware);
  return db;
}
