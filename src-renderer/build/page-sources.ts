/**
 * What the page is made of: its own code, the shared code it imports (the client, and the answer schemas,
 * text and utilities it and the client use, the desktop bridge's types), the build configuration. A test
 * (test/main/page-sources.test.ts) follows the page's imports and fails when one leads outside these.
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
  'electron.vite.config.ts',
  'package.json',
  'package-lock.json',
];

