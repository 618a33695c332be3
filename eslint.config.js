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
 *   desktop's main process it may import types only (the bridge's).
 */
const layer = (name, message) => ({ regex: `(^|/)${name}(/|$)`, message });
const HOSTS_AND_PAGE = [
  layer('src-main', 'src-shared runs in the page too: it cannot import a host'),
  layer('src-renderer', 'src-shared cannot import the page'),
  { regex: '^(electron|node:.*)$', message: 'src-shared runs in the page too: no Electron, no Node built-ins' },
];
const ABOVE = (what) => [
  ...HOSTS_AND_PAGE,
  ...['store', 'service', 'sync', 'client'].filter((name) => !what.includes(name)).map((name) => layer(`(src-shared/)?${name}`, `a lower layer cannot import ${name}`)),
];
const restrict = (patterns) => ['error', { patterns }];

export default tseslint.config(
  { ignores: ['node_modules', 'out', 'dist', 'coverage', '.data'] },
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
    rules: { 'no-restricted-imports': restrict([...ABOVE([]), layer('(src-shared/)?api', 'the api takes its words from the text and util modules, not the other way')]) },
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
          message: 'sync speaks no HTTP: it refuses with a SyncRefusal (sync/refusal.ts) and answers in its own terms, which the service says on the wire',
        },
      ]),
    },
  },
  {
    files: ['src-shared/service/**'],
    rules: {
      'no-restricted-imports': restrict([
        ...HOSTS_AND_PAGE,
        { regex: '(^|/)sync/(?!(engine|outbox|identity)$)', message: 'the service reaches sync through its engine, outbox and identity only' },
        layer('(src-shared/)?archive', 'the service and the archive share the store, not each other'),
      ]),
    },
  },
  {
    files: ['src-shared/archive/**'],
    rules: { 'no-restricted-imports': restrict([...HOSTS_AND_PAGE, layer('(src-shared/)?service', 'the service and the archive share the store, not each other')]) },
  },
  {
    files: ['src-renderer/**'],
    rules: {
      'no-restricted-imports': restrict([
        ...['store', 'service', 'sync'].map((name) => layer(`src-shared/${name}`, `the page reaches the instance through the client, never its ${name}`)),
        { regex: '^dexie$', message: 'the page keeps no database of its own' },
        { ...layer('src-main', 'the page may import only types of the desktop (its bridge)'), allowTypeImports: true },
      ]),
    },
  },
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
    // Hosts, the archive commands and benchmarks talk to a person on the terminal.
    files: ['src-main/serve.ts', 'src-main/host/**', 'src-main/archive/*-command.ts', 'test/bench/**'],
    rules: { 'no-console': 'off' },
  },
  // Plain JavaScript (this file) has no types to check.
  { files: ['**/*.js', '**/*.mjs', '**/*.cjs'], ...tseslint.configs.disableTypeChecked },
);
