/**
 * Converted test files that need what only a browser has, and are not run (fake-indexeddb's manifests mark
 * the same files `skip = true`), by path under converted/ and the reason.
 */
const IFRAMES = 'needs iframes or other windows';
const ORIGINS = 'needs origins and cross-origin isolation';

export const BROWSER_ONLY: Readonly<Record<string, string>> = {
  'blob-contenttype.any.js': 'needs XMLHttpRequest and blob URLs',
  'database-names-by-origin.js': IFRAMES,
  'file_support.sub.js': 'needs <input type=file>',
  'idb-partitioned-basic.sub.js': IFRAMES,
  'idb-partitioned-coverage.sub.js': IFRAMES,
  'idb-partitioned-persistence.sub.js': IFRAMES,
  'idb_webworkers.js': 'needs Web Workers',
  'idbfactory-databases-opaque-origin.js': IFRAMES,
  'idbfactory-deleteDatabase-opaque-origin.js': IFRAMES,
  'idbfactory-open-opaque-origin.js': IFRAMES,
  'idbfactory-origin-isolation.js': IFRAMES,
  'idbindex-cross-realm-methods.js': IFRAMES,
  'idbobjectstore-cross-realm-methods.js': IFRAMES,
  'resources/cross-origin-helper-frame.js': IFRAMES,
  'resources/idb-partitioned-basic-iframe.js': IFRAMES,
  'resources/idb-partitioned-persistence-iframe.js': IFRAMES,
  'resources/idbfactory-origin-isolation-iframe.js': IFRAMES,
  'serialize-sharedarraybuffer-throws.https.js': ORIGINS,
  'storage-buckets.https.any.js': 'needs navigator.storageBuckets',
};
