/**
 * Loaded with `--import` before a web-platform-tests file, in the file's own process: installs the backend
 * that WPT_BACKEND names as globals, keeping its databases in WPT_FOLDER when it needs a folder.
 */
import { BACKENDS, IDB_GLOBAL_NAMES, IDB_OPTIONAL_GLOBAL_NAMES, isBackendName } from './backends';

const name = process.env['WPT_BACKEND'] ?? '';
if (!isBackendName(name)) throw new Error(`Unknown IndexedDB backend "${name}"`);
const globals = await BACKENDS[name].load(process.env['WPT_FOLDER'] ?? '');
for (const key of IDB_GLOBAL_NAMES) {
  if (globals[key] === undefined) throw new Error(`The backend ${name} provides no ${key}`);
  install(key, globals[key]);
}
for (const key of IDB_OPTIONAL_GLOBAL_NAMES) if (globals[key] !== undefined) install(key, globals[key]);

// The tests check that the events they get are instances of the global Event, as they are in a browser. A
// backend with events of its own has its IDBVersionChangeEvent extend its Event: that class is the global
// Event here (for a backend on Node's own events it is Node's Event already).
const event: unknown = Object.getPrototypeOf(globals['IDBVersionChangeEvent']);
if (typeof event === 'function' && event !== Function.prototype) install('Event', event);

function install(key: string, value: unknown): void {
  Object.defineProperty(globalThis, key, { value, writable: true, configurable: true });
}
