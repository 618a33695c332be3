import type { DBCore, DBCoreMutateRequest, DBCoreTransaction, Middleware } from 'dexie';
import type { PublishingDb } from './db';

/** A post as a write left it: enough to tell which timelines can show it. */
export interface WrittenPost {
  guid: string;
  channelGuid: string;
  personaGuid: string;
}

/** What one committed transaction wrote, as far as anyone watching cares. */
export interface Written {
  /** The posts it stored (new, edited, deleted: a deletion keeps the row as a tombstone), up to MAX_POSTS. */
  posts: WrittenPost[];
  /** More posts than MAX_POSTS were stored: `posts` holds the first of them only. */
  morePosts: boolean;
  /** Remotes whose status may read differently: their row, an outbox item or a conflict of theirs was written. */
  remotes: Set<string>;
  /** A token was added, changed or removed (a sign-out, a restore's trial token). */
  tokens: boolean;
  /** A draft was saved or removed. */
  drafts: boolean;
}

export type WriteListener = (written: Written) => void;

/** Posts noted per transaction: a sync page, a whole import, never the store's worth of rows in memory. */
const MAX_POSTS = 1000;

const listeners = new WeakMap<PublishingDb, Set<WriteListener>>();

/**
 * Tells `listener` what each transaction of `db` wrote, once it has committed (an aborted one wrote
 * nothing). The store is where every write meets, whoever makes it (a request, a sync pull, the scheduler),
 * so a listener hears of all of them. Answers the function that stops telling it.
 */
export function watchWrites(db: PublishingDb, listener: WriteListener): () => void {
  const set = listeners.get(db) ?? new Set<WriteListener>();
  listeners.set(db, set);
  set.add(listener);
  return () => set.delete(listener);
}

type Noting = (written: Written, req: DBCoreMutateRequest) => void;

const valuesOf = (req: DBCoreMutateRequest): readonly Record<string, unknown>[] =>
  req.type === 'add' || req.type === 'put' ? (req.values as readonly Record<string, unknown>[]) : [];

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** Notes the remote that each row written names in `field`. */
function remoteNamedBy(field: string): Noting {
  return (written, req) => {
    for (const row of valuesOf(req)) {
      const guid = text(row[field]);
      if (guid) written.remotes.add(guid);
    }
  };
}

/** What each watched table's writes say. A post row is never deleted but to give its GUID to another, which is written in the same transaction. */
const NOTING: Readonly<Record<string, Noting>> = {
  posts: (written, req) => {
    for (const row of valuesOf(req)) {
      if (written.posts.length >= MAX_POSTS) {
        written.morePosts = true;
        return;
      }
      const [guid, channelGuid, personaGuid] = [text(row['guid']), text(row['channelGuid']), text(row['personaGuid'])];
      if (guid && channelGuid && personaGuid) written.posts.push({ guid, channelGuid, personaGuid });
    }
  },
  remotes: (written, req) => {
    remoteNamedBy('guid')(written, req);
    const keys = req.type === 'delete' ? req.keys : req.type === 'put' ? (req.updates?.keys ?? []) : [];
    for (const key of keys) if (typeof key === 'string') written.remotes.add(key);
  },
  outbox: remoteNamedBy('remoteGuid'),
  conflicts: remoteNamedBy('remoteGuid'),
  tokens: (written) => {
    written.tokens = true;
  },
  drafts: (written) => {
    written.drafts = true;
  },
};

/** Where the writes of each database stand (writeVersion). */
const versions = new WeakMap<PublishingDb, { value: number }>();

/**
 * A number that changes whenever a transaction of `db` first writes any table, and again when it commits or
 * aborts. An answer read from the store while it stayed the same holds until it changes: every write it
 * could miss had not committed, and its commit changes the number before its writer hears of it.
 */
export function writeVersion(db: PublishingDb): number {
  const version = versions.get(db);
  if (!version) throw new Error('the database was opened without the write watch middleware');
  return version.value;
}

/**
 * The middleware behind watchWrites and writeVersion. With nobody watching a database (the tests of the
 * store, a command run once) it only looks the listeners up; what it notes of a transaction is dropped with it.
 */
export function writeWatchMiddleware(db: PublishingDb): Middleware<DBCore> {
  const version = { value: 0 };
  versions.set(db, version);
  const raise = () => version.value++;
  const writing = new WeakSet<DBCoreTransaction>();
  const noted = new WeakMap<DBCoreTransaction, Written>();
  const writtenBy = (trans: DBCoreTransaction, watching: Set<WriteListener>): Written => {
    const known = noted.get(trans);
    if (known) return known;
    const written: Written = { posts: [], morePosts: false, remotes: new Set(), tokens: false, drafts: false };
    noted.set(trans, written);
    const transaction = trans as unknown as EventTarget;
    transaction.addEventListener('complete', () => {
      for (const listener of watching) listener(written);
    });
    return written;
  };
  return {
    stack: 'dbcore',
    name: 'write-watch',
    create: (down) => ({
      ...down,
      table: (name) => {
        const table = down.table(name);
        const noting = NOTING[name];
        return {
          ...table,
          mutate: (req) => {
            if (!writing.has(req.trans)) {
              writing.add(req.trans);
              raise();
              const transaction = req.trans as unknown as EventTarget;
              transaction.addEventListener('complete', raise);
              transaction.addEventListener('abort', raise);
            }
            const watching = listeners.get(db);
            if (noting && watching && watching.size > 0) noting(writtenBy(req.trans, watching), req);
            return table.mutate(req);
          },
        };
      },
    }),
  };
}
