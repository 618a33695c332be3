import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * The layers, as import rules. An import is refused by what its path names, relative or not:
 * - src-shared runs in the page as well as in the hosts: no hosts, no page, no Electron, no Node built-ins;
 * - its bottom layers (api, text, util) import none of the layers above them, and text and util not even
 *   the api (which takes its limits and words from them); the store and the client
 *   import neither the service nor sync, nor each other; sync uses the store and the client, never the service,
 *   and speaks no HTTP (not the service's errors: its refusals are its own, answered by the service);
 * - the service reaches sync only through its engine, its outbox and its identity rules;
 * - the service and the archive use the store, and neither imports the other;
 * - the page reaches the instance only through the client: never the store, the service or sync; of the
 *   desktop's main process it may import types only (the bridge's); its util modules import no state, no
 *   component and no screen.
 *
 * src-main is in layers too, each folder importing only the folders below it (MAIN_LAYERS), lowest first:
 * - store: the data folder on disk (SQLite under IndexedDB, the folder's lock, the owner token, private files);
 * - archive: zip archives: the export, the check, a store built from one;
 * - backups: backups, and a restore of a backup or an archive (which the archive builds), staged or now;
 * - instance: an instance's start and stop, the same for both hosts, with the archive's handlers;
 * - host: the headless HTTP host, and what the desktop takes from it (the HTTP adapter, the static page);
 * - desktop and commands (npm run export and import), neither importing the other;
 * - and the programs themselves beside them all (index.ts, preload.ts, serve.ts), which no folder imports.
 *
 * `npm run lint` also fails on any cycle of folders these rules leave open (tools/check-folder-cycles.ts).
 */
const layer = (name, message) => ({ regex: `(^|/)${name}(/|$)`, message });
const HOSTS_AND_PAGE = [
  layer('src-main', 'src-shared runs in the page too: it cannot import a host'),
  layer('src-renderer', 'src-shared cannot import the page'),
  { regex: '^(electron|node:.*)$', message: 'src-shared runs in the page too: no Electron, no Node built-ins' },
];
const ABOVE = (what) => [
  ...HOSTS_AND_PAGE,
  ...['store', 'service', 'sync', 'client']
    .filter((name) => !what.includes(name))
    .map((name) => layer(`(src-shared/)?${name}`, `a lower layer cannot import ${name}`)),
];
const restrict = (patterns) => ['error', { patterns }];
const PAGE = [
  ...['store', 'service', 'sync'].map((name) =>
    layer(`src-shared/${name}`, `the page reaches the instance through the client, never its ${name}`),
  ),
  { regex: '^dexie$', message: 'the page keeps no database of its own' },
  { ...layer('src-main', 'the page may import only types of the desktop (its bridge)'), allowTypeImports: true },
];

const MAIN_LAYERS = [['store'], ['archive'], ['backups'], ['instance'], ['host'], ['desktop', 'commands']];
/** What a folder of src-main may not import: the folders of its own layer and those above, and the programs. */
const mainAbove = (name) => {
  const level = MAIN_LAYERS.findIndex((group) => group.includes(name));
  return [
    ...MAIN_LAYERS.slice(level)
      .flat()
      .filter((other) => other !== name)
      .map((other) => ({
        regex: `^\\.\\./${other}(/|$)`,
        message: `src-main/${name} cannot import src-main/${other}, a layer ${MAIN_LAYERS[level]?.includes(other) ? 'beside' : 'above'} it`,
      })),
    {
      regex: '^\\.\\./[^/]+$',
      message: 'the programs of src-main (index, preload, serve) import its folders, not the other way',
    },
    layer('src-renderer', 'the hosts serve the page as it is built; they import none of it'),
  ];
};

/**
 * The page's stores keep to their own state: a store's definition (what it gives zustand's `create`) uses
 * its own `set` and `get`, and the page's `clients()` to reach the instance, and never reads, writes or
 * follows another store. What involves several stores is a plain function in a module of its own (such as
 * state/actions.ts), which reads the stores it needs and calls their setters. Lint sees the direct calls
 * only: a helper that reads another store (`showError`, `currentPersona`) is out of a definition too.
 * A subscription of one store to another outside any definition (ui.ts keeping the selection on its post
 * as the timeline changes) is such coordination, done where the change happens: it is allowed.
 */
const STORES_OWN_STATE = {
  selector:
    "CallExpression[callee.name='create'] CallExpression[callee.property.name=/^(getState|setState|subscribe)$/]",
  message:
    "a store's definition uses its own set and get only: what involves other stores is a function of its own (see state/actions.ts)",
};

export default tseslint.config(
  // The web-platform-tests are kept as they were copied (test/conformance/web-platform-tests/README.md).
  { ignores: ['node_modules', 'out', 'dist', 'coverage', '.data', 'test/conformance/web-platform-tests'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  // Type-aware rules for what types alone can catch: a promise nobody waits for or handles.
  { languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } } },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      // `() => setOpen(false)` is the idiom for a callback; a void value used anywhere else is still an error.
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      // Numbers read as what they are in a message; objects, nullish values and the like do not.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
    },
  },
  { files: ['src-shared/**'], rules: { 'no-restricted-imports': restrict(HOSTS_AND_PAGE) } },
  { files: ['src-shared/api/**'], rules: { 'no-restricted-imports': restrict(ABOVE([])) } },
  {
    files: ['src-shared/text/**', 'src-shared/util/**'],
    rules: {
      'no-restricted-imports': restrict([
        ...ABOVE([]),
        layer('(src-shared/)?api', 'the api takes its words from the text and util modules, not the other way'),
      ]),
    },
  },
  { files: ['src-shared/store/**'], rules: { 'no-restricted-imports': restrict(ABOVE(['store'])) } },
  { files: ['src-shared/client/**'], rules: { 'no-restricted-imports': restrict(ABOVE(['client'])) } },
  {
    files: ['src-shared/sync/**'],
    rules: {
      'no-restricted-imports': restrict([
        ...ABOVE(['store', 'client', 'sync']),
        {
          regex: '(^|/)api/(errors|envelope|sync-answers|sync-inputs)$',
          message:
            'sync speaks no HTTP: it refuses with a SyncRefusal (sync/refusal.ts) and answers in its own terms, which the service says on the wire',
        },
      ]),
    },
  },
  {
    files: ['src-shared/service/**'],
    rules: {
      'no-restricted-imports': restrict([
        ...HOSTS_AND_PAGE,
        {
          regex: '(^|/)sync/(?!(engine|outbox|identity)$)',
          message: 'the service reaches sync through its engine, outbox and identity only',
        },
        layer('(src-shared/)?archive', 'the service and the archive share the store, not each other'),
      ]),
    },
  },
  {
    files: ['src-shared/archive/**'],
    rules: {
      'no-restricted-imports': restrict([
        ...HOSTS_AND_PAGE,
        layer('(src-shared/)?service', 'the service and the archive share the store, not each other'),
      ]),
    },
  },
  { files: ['src-renderer/**'], rules: { 'no-restricted-imports': restrict(PAGE) } },
  {
    files: ['src-renderer/util/**'],
    rules: {
      'no-restricted-imports': restrict([
        ...PAGE,
        ...['state', 'components', 'screens', 'app'].map((name) =>
          layer(`\\.\\./${name}`, `the page's util modules are below its ${name}`),
        ),
      ]),
    },
  },
  { files: ['src-renderer/**'], rules: { 'no-restricted-syntax': ['error', STORES_OWN_STATE] } },
  ...MAIN_LAYERS.flat().map((name) => ({
    files: [`src-main/${name}/**`],
    rules: { 'no-restricted-imports': restrict(mainAbove(name)) },
  })),
  // The rules of hooks. (The React Compiler's own checks are left out: the page is not compiled by it.)
  {
    files: ['src-renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // Tests read answers of any shape (`Called.json`) and check them with assertions, which are their type
    // check; the rules against spreading `any` would ask each test to restate the contract it tests.
    files: ['test/**'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // The IndexedDB engine takes and gives any key and any value, as IndexedDB does (the DOM's own declarations
    // of it say `any`): what holds it to the standard is the W3C tests it runs (test/conformance), not types.
    files: ['src-main/store/indexeddb/**'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-redundant-type-constituents': 'off',
      '@typescript-eslint/no-duplicate-type-constituents': 'off',
      // A key path member or a key is made a string as the standard says, whatever its toString does.
      '@typescript-eslint/no-base-to-string': 'off',
      '@typescript-eslint/restrict-plus-operands': 'off',
      '@typescript-eslint/restrict-template-expressions': 'off',
      // Its callers are untyped JavaScript (Dexie, a page): the checks the standard asks of every argument
      // (a mode that is not a mode, `autoIncrement: 'yes'`) are needed whatever the declared types say.
      '@typescript-eslint/no-unnecessary-condition': 'off',
      '@typescript-eslint/no-unnecessary-boolean-literal-compare': 'off',
    },
  },
  {
    // Hosts, the archive commands, benchmarks and the conformance run talk to a person on the terminal.
    files: [
      'src-main/serve.ts',
      'src-main/host/**',
      'src-main/commands/*-command.ts',
      'test/bench/**',
      'test/conformance/run.ts',
    ],
    rules: { 'no-console': 'off' },
  },
  // Plain JavaScript (this file) has no types to check.
  { files: ['**/*.js', '**/*.mjs', '**/*.cjs'], ...tseslint.configs.disableTypeChecked },
);
