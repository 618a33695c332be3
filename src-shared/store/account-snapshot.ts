import { Dexie, type DBCore, type DBCoreTransaction, type Middleware } from 'dexie';
import type { PublishingDb } from './db';
import type { ChannelRow, GrantRow, PersonaRow } from './rows';

/**
 * Every Persona, Channel and grant of the instance, as one request began: a handful of rows that nearly
 * every request reads. On the SQLite backend each read has a fixed cost far above its bytes (a single
 * write read these rows in seven requests of its twenty-six), so they are kept in memory between requests
 * and read again only after something changed them.
 *
 * The rows are frozen: a handler that changed one in place would change every later request's view
 * without writing anything.
 */
export class AccountSnapshot {
  readonly personas: readonly PersonaRow[];
  readonly channels: readonly ChannelRow[];
  readonly personaByGuid: ReadonlyMap<string, PersonaRow>;
  private readonly personaByHandle: ReadonlyMap<string, PersonaRow>;
  readonly channelByGuid: ReadonlyMap<string, ChannelRow>;
  private readonly writable: ReadonlyMap<string, ReadonlySet<string>>;

  constructor(personas: readonly PersonaRow[], channels: readonly ChannelRow[], grants: readonly GrantRow[]) {
    this.personas = Object.freeze([...personas].sort(byPosition).map((row) => Object.freeze(row)));
    this.channels = Object.freeze([...channels].sort(byPosition).map((row) => Object.freeze(row)));
    this.personaByGuid = new Map(this.personas.map((p) => [p.guid, p]));
    this.personaByHandle = new Map(this.personas.map((p) => [p.handleKey, p]));
    this.channelByGuid = new Map(this.channels.map((c) => [c.guid, c]));
    const writable = new Map<string, Set<string>>();
    for (const grant of grants) {
      const channels = writable.get(grant.personaGuid) ?? new Set<string>();
      channels.add(grant.channelGuid);
      writable.set(grant.personaGuid, channels);
    }
    this.writable = writable;
  }

  /** By lower-case handle, without `@`. */
  personaWithHandle(handleKey: string): PersonaRow | undefined {
    return this.personaByHandle.get(handleKey);
  }

  /** An account's Personas, first one first (the first is the default author). */
  personasOf(accountGuid: string): PersonaRow[] {
    return this.personas.filter((p) => p.accountGuid === accountGuid);
  }

  /** An account's Channels, first one first (the first is the default destination). */
  channelsOf(accountGuid: string): ChannelRow[] {
    return this.channels.filter((c) => c.accountGuid === accountGuid);
  }

  /** The Channels a Persona may write to (section 5.6). */
  writableBy(personaGuid: string): ReadonlySet<string> {
    return this.writable.get(personaGuid) ?? NONE;
  }
}

const NONE: ReadonlySet<string> = new Set();

/** As the store's `[accountGuid+position]` index orders them: by position, then by GUID. */
function byPosition(a: { position: number; guid: string }, b: { position: number; guid: string }): number {
  return a.position - b.position || (a.guid < b.guid ? -1 : a.guid > b.guid ? 1 : 0);
}

const WATCHED = new Set(['personas', 'channels', 'grants']);

/** What one database knows about changes to the watched tables. */
interface Watch {
  /** Raised when a transaction first writes a watched table, and again when it commits or aborts. */
  generation: number;
  /** Transactions that wrote a watched table and have not ended: until they do, nothing is kept. */
  writing: number;
  kept: { snapshot: AccountSnapshot; generation: number } | null;
  seen: WeakSet<DBCoreTransaction>;
}

const watches = new WeakMap<PublishingDb, Watch>();

/**
 * Tells the snapshot of `db` about every write to its Personas, Channels and grants. A snapshot is kept
 * only when no transaction wrote those tables while it was read, and it is used only while none has
 * written them since and none is writing them: a transaction that has written but not yet committed may
 * be about to, and its rows are then read from the store like any others.
 */
export function accountSnapshotMiddleware(db: PublishingDb): Middleware<DBCore> {
  const watch: Watch = { generation: 0, writing: 0, kept: null, seen: new WeakSet() };
  watches.set(db, watch);
  const ended = () => {
    watch.writing--;
    watch.generation++;
  };
  return {
    stack: 'dbcore',
    name: 'account-snapshot',
    create: (down) => ({
      ...down,
      table: (name) => {
        const table = down.table(name);
        if (!WATCHED.has(name)) return table;
        return {
          ...table,
          mutate: (req) => {
            if (!watch.seen.has(req.trans)) {
              watch.seen.add(req.trans);
              watch.writing++;
              watch.generation++;
              const transaction = req.trans as unknown as EventTarget;
              transaction.addEventListener('complete', ended);
              transaction.addEventListener('abort', ended);
            }
            return table.mutate(req);
          },
        };
      },
    }),
  };
}

/** Where the watched tables stood when a transaction began; see accountSnapshot. */
export interface AccountMark {
  readonly generation: number;
}

/** Taken at the start of a transaction, before its first request. */
export function markAccountRows(db: PublishingDb): AccountMark {
  return { generation: watchOf(db).generation };
}

/**
 * The snapshot as the transaction begun at `mark` sees it: from memory when nothing wrote the watched
 * tables since the kept copy was read (no request at all), otherwise read in three requests. Call it after
 * the transaction's first request, so that on the SQLite backend its view of the file is fixed.
 *
 * The rows may come from memory, and what is read may be kept, only while no transaction has begun or
 * ended a write to the tables since `mark` and none is writing them now (one writing at `mark` has either
 * ended since, or is writing still). The view then holds every write that ended before `mark`, and no other.
 */
export function accountSnapshot(db: PublishingDb, mark: AccountMark): AccountSnapshot | Promise<AccountSnapshot> {
  const watch = watchOf(db);
  const quiet = () => watch.writing === 0 && watch.generation === mark.generation;
  const kept = watch.kept;
  if (kept && kept.generation === mark.generation && quiet()) return kept.snapshot;
  // Dexie's promise, not a native one: see posts-by-guid.ts.
  return Dexie.Promise.all([db.personas.toArray(), db.channels.toArray(), db.grants.toArray()]).then(
    ([personas, channels, grants]) => {
      const snapshot = new AccountSnapshot(personas, channels, grants);
      if (quiet()) watch.kept = { snapshot, generation: mark.generation };
      return snapshot;
    },
  );
}

function watchOf(db: PublishingDb): Watch {
  const watch = watches.get(db);
  if (!watch) throw new Error('the database was opened without the account snapshot middleware');
  return watch;
}
