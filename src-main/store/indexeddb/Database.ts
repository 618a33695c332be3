import { queueTask } from './scheduling';
import { intersection } from './intersection';
import type FDBDatabase from './FDBDatabase';
import type FDBTransaction from './FDBTransaction';
import Index from './Index';
import ObjectStore from './ObjectStore';
import type { IndexRow, SqliteFile, StoreRow } from './sqlite-file';

// http://www.w3.org/TR/2015/REC-IndexedDB-20150108/#dfn-database
class Database {
  public readonly transactions: FDBTransaction[] = [];
  public readonly rawObjectStores: Map<string, ObjectStore> = new Map();
  public connections: FDBDatabase[] = [];

  public readonly name: string;
  public version: number;
  public readonly file: SqliteFile;
  /** Stores whose key generator moved in the running write transaction: saved as it commits. */
  public readonly movedGenerators = new Set<ObjectStore>();
  private lastId = 0;

  constructor(name: string, file: SqliteFile) {
    this.name = name;
    this.file = file;
    this.version = 0;
    if (file.exists) this.load();
  }

  /** An id for a new object store or index, never one the file has used. */
  public allocateId(): number {
    this.lastId += 1;
    return this.lastId;
  }

  private load(): void {
    const catalogue = this.file.readCatalogue();
    this.version = catalogue.version;
    for (const row of catalogue.stores) {
      const store = new ObjectStore(this, row.name, row.keyPath, row.autoIncrement, row.id);
      if (store.keyGenerator) store.keyGenerator.num = row.keyGenerator;
      this.rawObjectStores.set(row.name, store);
      this.lastId = Math.max(this.lastId, row.id);
    }
    const byId = new Map([...this.rawObjectStores.values()].map((store) => [store.id, store]));
    for (const row of catalogue.indexes) {
      const store = byId.get(row.store);
      if (!store) continue;
      const index = new Index(store, row.name, row.keyPath, row.multiEntry, row.unique, row.id);
      index.initialized = true;
      store.rawIndexes.set(row.name, index);
      this.lastId = Math.max(this.lastId, row.id);
    }
  }

  /**
   * Ends the running write transaction: the key generators it moved are saved, and an upgrade writes the
   * schema it leaves and drops the data of the stores and indexes it removed. Throws if SQLite cannot commit
   * (a full disk), and the transaction then aborts.
   */
  public commitWrite(transaction: FDBTransaction): void {
    const file = this.file;
    if (transaction.mode === 'versionchange') {
      file.beginWrite();
      const stores: StoreRow[] = [];
      const indexes: IndexRow[] = [];
      const live = new Set<number>();
      for (const store of this.rawObjectStores.values()) {
        live.add(store.id);
        stores.push({
          id: store.id,
          name: store.name,
          keyPath: store.keyPath,
          autoIncrement: store.autoIncrement,
          keyGenerator: store.keyGenerator?.num ?? 0,
        });
        for (const index of store.rawIndexes.values()) {
          live.add(index.id);
          indexes.push({
            id: index.id,
            store: store.id,
            name: index.name,
            keyPath: index.keyPath,
            unique: index.unique,
            multiEntry: index.multiEntry,
          });
        }
      }
      const before = file.catalogueIds();
      const storeIds = new Set([...before.stores, ...[...transaction._createdObjectStores].map((store) => store.id)]);
      const indexIds = new Set([...before.indexes, ...[...transaction._createdIndexes].map((index) => index.id)]);
      for (const id of storeIds) if (!live.has(id)) file.dropStoreData(id);
      for (const id of indexIds) if (!live.has(id)) file.dropIndexData(id);
      file.writeCatalogue(this.name, this.version, stores, indexes);
    } else {
      for (const store of this.movedGenerators) {
        if (!store.deleted && store.keyGenerator) file.saveKeyGenerator(store.id, store.keyGenerator.num);
      }
    }
    this.movedGenerators.clear();
    file.commit();
  }

  public rollbackWrite(): void {
    this.movedGenerators.clear();
    this.file.rollback();
  }

  /** Starts the next transaction that may run; a property, so that it can be a listener as it is. */
  public readonly processTransactions = (): void => {
    queueTask(() => {
      // A finished transaction has no more part in the queue: keeping it would grow the list (and this scan)
      // for as long as the database is open.
      let kept = 0;
      for (const transaction of this.transactions) {
        if (transaction._state !== 'finished') this.transactions[kept++] = transaction;
      }
      this.transactions.length = kept;

      const running = this.transactions.filter(
        (transaction) => transaction._started && transaction._state !== 'finished',
      );

      const waiting = this.transactions.filter(
        (transaction) => !transaction._started && transaction._state !== 'finished',
      );

      // The next transaction to run is the first waiting one that doesn't overlap with either a running one or a
      // preceding waiting one. This allows non-overlapping transactions to run in parallel.
      // The exception is readonly transactions, which are allowed to run in parallel with other readonly
      // transactions, even with overlapping scopes, since no data is being modified.
      // Transactions that write run one at a time whatever their scopes: they share the file's one SQLite
      // transaction, which commits or rolls back as a whole.
      const writerRunning = running.some((other) => other.mode !== 'readonly');
      const next = waiting.find((transaction, i) => {
        if (transaction.mode !== 'readonly' && writerRunning) {
          return false;
        }
        const anyRunning = running.some(
          (other) =>
            !(transaction.mode === 'readonly' && other.mode === 'readonly') &&
            intersection(other._scope, transaction._scope).size > 0,
        );
        if (anyRunning) {
          return false;
        }

        // If any _preceding_ waiting transactions are blocked, then that's also blocking.
        // E.g. if you have 3 transactions: [a], [a,b], and [b,c], then [a] blocks [a,b] which blocks [b,c]
        // until [a] is complete, even though [a] and [b,c] share no overlap.
        // Note that readonly transactions do not have to be handled as a special case here,
        // because if any transactions with overlapping scopes are blocked, then we can assume they are
        const anyWaiting = waiting.slice(0, i).some((other) => intersection(other._scope, transaction._scope).size > 0);
        return !anyWaiting;
      });

      if (next) {
        next.addEventListener('complete', this.processTransactions);
        next.addEventListener('abort', this.processTransactions);
        next._start();
      }
    });
  };
}

export default Database;
