/**
 * What the page is made of: its own code, the shared code it imports (the client, and the answer schemas,
 * text and utilities it and the client use, the desktop bridge's types), the build configuration and what it
 * imports (the compressed copies of the built files). A test (test/main/page-sources.test.ts) follows the
 * imports of the page and of the configuration, and fails when one leads outside these.
 */
export const PAGE_SOURCES = [
  'src-renderer',
  'src-shared/client',
  'src-shared/api',
  'src-shared/text',
  'src-shared/util',
  'src-main/desktop/bridge-types.ts',
  'src-main/desktop/commands.ts',
  'src-main/desktop/settings-schema.ts',
  'src-main/host/precompressed.ts',
  'src-main/host/file-types.ts',
  'electron.vite.config.ts',
  'package.json',
  'package-lock.json',
];

