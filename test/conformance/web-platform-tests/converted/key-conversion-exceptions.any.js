import "../wpt-env.js";

globalThis.title = "IndexedDB: Exceptions thrown during key conversion";

'use strict';
/* Delete created databases
 *
 * Go through each finished test, see if it has an associated database. Close
 * that and delete the database. */
add_completion_callback(function(tests)
{
    for (var i in tests)
    {
        if(tests[i].db)
        {
            tests[i].db.close();
            self.indexedDB.deleteDatabase(tests[i].db.name);
        }
    }
});

function fail(test, desc) {
    return test.step_func(function(e) {
        if (e && e.message && e.target.error)
            assert_unreached(desc + " (" + e.target.error.name + ": " + e.message + ")");
        else if (e && e.message)
            assert_unreached(desc + " (" + e.message + ")");
        else if (e && e.target.readyState === 'done' && e.target.error)
            assert_unreached(desc + " (" + e.target.error.name + ")");
        else
            assert_unreached(desc);
    });
}

function createdb(test, dbname, version)
{
    var rq_open = createdb_for_multiple_tests(dbname, version);
    return rq_open.setTest(test);
}

function createdb_for_multiple_tests(dbname, version) {
    var rq_open,
        fake_open = {},
        test = null,
        dbname = (dbname ? dbname : "testdb-" + new Date().getTime() + Math.random() );

    if (version)
        rq_open = self.indexedDB.open(dbname, version);
    else
        rq_open = self.indexedDB.open(dbname);

    function auto_fail(evt, current_test) {
        /* Fail handlers, if we haven't set on/whatever/, don't
         * expect to get event whatever. */
        rq_open.manually_handled = {};

        rq_open.addEventListener(evt, function(e) {
            if (current_test !== test) {
                return;
            }

            test.step(function() {
                if (!rq_open.manually_handled[evt]) {
                    assert_unreached("unexpected open." + evt + " event");
                }

                if (e.target.result + '' == '[object IDBDatabase]' &&
                    !this.db) {
                  this.db = e.target.result;

                  this.db.onerror = fail(test, 'unexpected db.error');
                  this.db.onabort = fail(test, 'unexpected db.abort');
                  this.db.onversionchange =
                      fail(test, 'unexpected db.versionchange');
                }
            });
        });
        rq_open.__defineSetter__("on" + evt, function(h) {
            rq_open.manually_handled[evt] = true;
            if (!h)
                rq_open.addEventListener(evt, function() {});
            else
                rq_open.addEventListener(evt, test.step_func(h));
        });
    }

    // add a .setTest method to the IDBOpenDBRequest object
    Object.defineProperty(rq_open, 'setTest', {
        enumerable: false,
        value: function(t) {
            test = t;

            auto_fail("upgradeneeded", test);
            auto_fail("success", test);
            auto_fail("blocked", test);
            auto_fail("error", test);

            return this;
        }
    });

    return rq_open;
}

function assert_key_equals(actual, expected, description) {
  assert_equals(indexedDB.cmp(actual, expected), 0, description);
}

// Usage:
//   indexeddb_test(
//     (test_object, db_connection, upgrade_tx, open_request) => {
//        // Database creation logic.
//     },
//     (test_object, db_connection, open_request) => {
//        // Test logic.
//        test_object.done();
//     },
//     'Test case description');
function indexeddb_test(upgrade_func, open_func, description, options) {
  async_test(function(t) {
    options = Object.assign({upgrade_will_abort: false}, options);
    var dbname = location + '-' + t.name;
    var del = indexedDB.deleteDatabase(dbname);
    del.onerror = t.unreached_func('deleteDatabase should succeed');
    var open = indexedDB.open(dbname, 1);
    open.onupgradeneeded = t.step_func(function() {
      var db = open.result;
      t.add_cleanup(function() {
        // If open didn't succeed already, ignore the error.
        open.onerror = function(e) {
          e.preventDefault();
        };
        db.close();
        indexedDB.deleteDatabase(db.name);
      });
      var tx = open.transaction;
      upgrade_func(t, db, tx, open);
    });
    if (options.upgrade_will_abort) {
      open.onsuccess = t.unreached_func('open should not succeed');
    } else {
      open.onerror = t.unreached_func('open should succeed');
      open.onsuccess = t.step_func(function() {
        var db = open.result;
        if (open_func)
          open_func(t, db, open);
      });
    }
  }, description);
}

// Call with a Test and an array of expected results in order. Returns
// a function; call the function when a result arrives and when the
// expected number appear the order will be asserted and test
// completed.
function expect(t, expected) {
  var results = [];
  return result => {
    results.push(result);
    if (results.length === expected.length) {
      assert_array_equals(results, expected);
      t.done();
    }
  };
}

// Checks to see if the passed transaction is active (by making
// requests against the named store).
function is_transaction_active(tx, store_name) {
  try {
    const request = tx.objectStore(store_name).get(0);
    request.onerror = e => {
      e.preventDefault();
      e.stopPropagation();
    };
    return true;
  } catch (ex) {
    assert_equals(ex.name, 'TransactionInactiveError',
                  'Active check should either not throw anything, or throw ' +
                  'TransactionInactiveError');
    return false;
  }
}

// Keeps the passed transaction alive indefinitely (by making requests
// against the named store). Returns a function that asserts that the
// transaction has not already completed and then ends the request loop so that
// the transaction may autocommit and complete.
function keep_alive(tx, store_name) {
  let completed = false;
  tx.addEventListener('complete', () => { completed = true; });

  let keepSpinning = true;

  function spin() {
    if (!keepSpinning)
      return;
    tx.objectStore(store_name).get(0).onsuccess = spin;
  }
  spin();

  return () => {
    assert_false(completed, 'Transaction completed while kept alive');
    keepSpinning = false;
  };
}

// Returns a new function. After it is called |count| times, |func|
// will be called.
function barrier_func(count, func) {
  let n = 0;
  return () => {
    if (++n === count)
      func();
  };
}

// Create an IndexedDB by executing script on the given remote context
// with |dbName| and |version|.
async function createIndexedDBForTesting(rc, dbName, version) {
  await rc.executeScript((dbName, version) => {
    let request = indexedDB.open(dbName, version);
    request.onupgradeneeded = () => {
      if (version == 1) {
        // Only create the object store once.
        request.result.createObjectStore('store');
      }
    }
    request.onversionchange = () => {
      fail(t, 'unexpectedly received versionchange event.');
    }
  }, [dbName, version]);
}

// Create an IndexedDB by executing script on the given remote context
// with |dbName| and |version|, and wait for the reuslt.
async function waitUntilIndexedDBOpenForTesting(rc, dbName, version) {
  await rc.executeScript(async (dbName, version) => {
    await new Promise((resolve, reject) => {
        let request = indexedDB.open(dbName, version);
        request.onsuccess = resolve;
        request.onerror = reject;
    });
  }, [dbName, version]);
}

// Returns a detached ArrayBuffer by transferring it to a message port.
function createDetachedArrayBuffer() {
  const array = new Uint8Array([1, 2, 3, 4]);
  const buffer = array.buffer;
  assert_equals(array.byteLength, 4);

  const channel = new MessageChannel();
  channel.port1.postMessage('', [buffer]);
  assert_equals(array.byteLength, 0);
  return array;
}


// META: global=window,worker
// META: title=IndexedDB: Exceptions thrown during key conversion
// META: script=resources/support.js
// META: timeout=long

'use strict';

// Convenience function for tests that only need to run code in onupgradeneeded.
function indexeddb_upgrade_only_test(upgrade_callback, description) {
  indexeddb_test(upgrade_callback, t => t.done(), description);
}

// Key that throws during conversion.
function throwing_key(name) {
  const throws = [];
  throws.length = 1;
  const err = new Error('throwing from getter');
  err.name = name;
  Object.defineProperty(throws, '0', {
    get: function() {
      throw err;
    },
    enumerable: true,
  });
  return [throws, err];
}

const valid_key = [];
const invalid_key = {};

// Calls method on receiver with the specified number of args (default 1)
// and asserts that the method fails appropriately (rethrowing if
// conversion throws, or DataError if not a valid key), and that
// the first argument is fully processed before the second argument
// (if appropriate).
function check_method(receiver, method, args) {
  args = args || 1;
  if (args < 2) {
    const [key, err] = throwing_key('getter');
    assert_throws_exactly(err, () => {
      receiver[method](key);
    }, 'key conversion with throwing getter should rethrow');

    assert_throws_dom('DataError', () => {
      receiver[method](invalid_key);
    }, 'key conversion with invalid key should throw DataError');
  } else {
    const [key1, err1] = throwing_key('getter 1');
    const [key2, err2] = throwing_key('getter 2');
    assert_throws_exactly(err1, () => {
      receiver[method](key1, key2);
    }, 'first key conversion with throwing getter should rethrow');

    assert_throws_dom('DataError', () => {
      receiver[method](invalid_key, key2);
    }, 'first key conversion with invalid key should throw DataError');

    assert_throws_exactly(err2, () => {
      receiver[method](valid_key, key2);
    }, 'second key conversion with throwing getter should rethrow');

    assert_throws_dom('DataError', () => {
      receiver[method](valid_key, invalid_key);
    }, 'second key conversion with invalid key should throw DataError');
  }
}

// Verifies that invalid keys throw when used with the `IDBGetAllOptions`
// dictionary. `getAllRecords()` added `IDBGetAllOptions`, which `getAll()` and
// `getAllKeys()` also support.
function check_method_with_get_all_options(receiver, method) {
  assert_throws_dom('DataError', () => {
    receiver[method]({query: invalid_key});
  }, 'options query key conversion with invalid key should throw DataError');

  const [key, err] = throwing_key('getter');
  assert_throws_exactly(err, () => {
    receiver[method]({query: key});
  }, 'options query key conversion with throwing getter should rethrow');

  // Verify `getAll()` and `getAllKeys()` throw when given an invalid key range
  // directly without the options dictionary.  `getAllRecords()` only supports
  // the options dictionary.
  if (method !== 'getAllRecords') {
    assert_throws_exactly(err, () => {
      receiver[method](key);
    }, 'query key conversion with throwing getter should rethrow');
  }
}

// Static key comparison utility on IDBFactory.
test(
    t => check_method(indexedDB, 'cmp', 2),
    'IDBFactory cmp() static with throwing/invalid keys');

// Continue methods on IDBCursor.
indexeddb_upgrade_only_test((t, db) => {
  const store = db.createObjectStore('store');
  store.put('a', 1).onerror = t.unreached_func('put should succeed');

  const request = store.openCursor();
  request.onerror = t.unreached_func('openCursor should succeed');
  request.onsuccess = t.step_func(() => {
    const cursor = request.result;
    assert_not_equals(cursor, null, 'cursor should find a value');
    check_method(cursor, 'continue');
  });
}, 'IDBCursor continue() method with throwing/invalid keys');

indexeddb_upgrade_only_test((t, db) => {
  const store = db.createObjectStore('store');
  const index = store.createIndex('index', 'prop');
  store.put({prop: 'a'}, 1).onerror = t.unreached_func('put should succeed');

  const request = index.openCursor();
  request.onerror = t.unreached_func('openCursor should succeed');
  request.onsuccess = t.step_func(() => {
    const cursor = request.result;
    assert_not_equals(cursor, null, 'cursor should find a value');

    check_method(cursor, 'continuePrimaryKey', 2);
  });
}, null, 'IDBCursor continuePrimaryKey() method with throwing/invalid keys');

// Mutation methods on IDBCursor.
indexeddb_upgrade_only_test((t, db) => {
  const store = db.createObjectStore('store', {keyPath: 'prop'});
  store.put({prop: 1}).onerror = t.unreached_func('put should succeed');

  const request = store.openCursor();
  request.onerror = t.unreached_func('openCursor should succeed');
  request.onsuccess = t.step_func(() => {
    const cursor = request.result;
    assert_not_equals(cursor, null, 'cursor should find a value');

    const value = {};
    let err;
    [value.prop, err] = throwing_key('getter');
    assert_throws_exactly(err, () => {
      cursor.update(value);
    }, 'throwing getter should rethrow during clone');

    // Throwing from the getter during key conversion is
    // not possible since (1) a clone is used, (2) only own
    // properties are cloned, and (3) only own properties
    // are used for key path evaluation.

    value.prop = invalid_key;
    assert_throws_dom('DataError', () => {
      cursor.update(value);
    }, 'key conversion with invalid key should throw DataError');
  });
}, 'IDBCursor update() method with throwing/invalid keys');

// Static constructors on IDBKeyRange
['only', 'lowerBound', 'upperBound'].forEach((method) => {
  test(
      t => check_method(IDBKeyRange, method),
      'IDBKeyRange ' + method + '() static with throwing/invalid keys');
});

test(
    t => check_method(IDBKeyRange, 'bound', 2),
    'IDBKeyRange bound() static with throwing/invalid keys');

// Insertion methods on IDBObjectStore.
['add', 'put'].forEach((method) => {
  indexeddb_upgrade_only_test((t, db) => {
    const out_of_line = db.createObjectStore('out-of-line keys');
    const in_line = db.createObjectStore('in-line keys', {keyPath: 'prop'});
    let [key, err] = throwing_key('getter');
    assert_throws_exactly(err, () => {
      out_of_line[method]('value', key);
    }, 'key conversion with throwing getter should rethrow');

    assert_throws_dom('DataError', () => {
      out_of_line[method]('value', invalid_key);
    }, 'key conversion with invalid key should throw DataError');

    const value = {};
    [value.prop, err] = throwing_key('getter');
    assert_throws_exactly(err, () => {
      in_line[method](value);
    }, 'throwing getter should rethrow during clone');

    // Throwing from the getter during key conversion is
    // not possible since (1) a clone is used, (2) only own
    // properties are cloned, and (3) only own properties
    // are used for key path evaluation.

    value.prop = invalid_key;
    assert_throws_dom('DataError', () => {
      in_line[method](value);
    }, 'key conversion with invalid key should throw DataError');
  }, `IDBObjectStore ${method}() method with throwing/invalid keys`);
});

// Generic (key-or-key-path) methods on IDBObjectStore.
['delete',
 'get',
 'getKey',
 'count',
 'openCursor',
 'openKeyCursor',
].forEach(method => {
  indexeddb_upgrade_only_test((t, db) => {
    const store = db.createObjectStore('store');

    check_method(store, method);
  }, `IDBObjectStore ${method}() method with throwing/invalid keys`);
});

// Generic (key-or-key-path) methods on IDBIndex.
['get',
 'getKey',
 'count',
 'openCursor',
 'openKeyCursor',
].forEach((method) => {
  indexeddb_upgrade_only_test((t, db) => {
    const store = db.createObjectStore('store');
    const index = store.createIndex('index', 'keyPath');

    check_method(index, method);
  }, `IDBIndex ${method}() method with throwing/invalid keys`);
});

// Verify methods that take `IDBGetAllOptions` on `IDBObjectStore`.
['getAll',
 'getAllKeys',
 'getAllRecords',
].forEach(method => {
  indexeddb_upgrade_only_test((t, db) => {
    const store = db.createObjectStore('store');
    if ('getAllRecords' in store) {
      check_method_with_get_all_options(store, method);
    } else if (method !== 'getAllRecords') {
      // This browser does not support `getAllRecords()` or the
      // `IDBGetAllOptions` dictionary.
      check_method(store, method);
    }
  }, `IDBObjectStore ${method}() method with throwing/invalid keys`);
});

// Verify methods that take `IDBGetAllOptions` on `IDBIndex`.
['getAll', 'getAllKeys', 'getAllRecords'].forEach(method => {
  indexeddb_upgrade_only_test((t, db) => {
    const store = db.createObjectStore('store');
    const index = store.createIndex('index', 'keyPath');
    if ('getAllRecords' in index) {
      check_method_with_get_all_options(index, method);
    } else if (method !== 'getAllRecords') {
      check_method(store, method);
    }
  }, `IDBIndex ${method}() method with throwing/invalid keys`);
});
