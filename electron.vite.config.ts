import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import { precompressFolder } from './src-main/host/precompressed';

/**
 * The renderer's dev server port. Fixed, because the main process serves the renderer through its own
 * `desk://app` origin in development too (src-main/desktop/dev-site.ts) and its page must reach the
 * server's hot-reload socket at a known address.
 */
export const DEV_SERVER_PORT = 5273;

/**
 * Assets from the origin's root. electron-vite builds the page with relative paths (`./assets/…`, for a
 * page loaded from a file), but both hosts serve it from their root (`desk://app/`, `http://host/`) at every
 * address the page has (`/posts/…`, `/@handle`), where a relative path would be looked for under that
 * address and the page would stay blank. Its preset sets the base before other plugins, so this one wins.
 */
const assetsFromRoot: Plugin = { name: 'assets-from-root', config: () => ({ base: '/' }) };

/**
 * The page's text files compressed once, here, beside the originals (`index-<hash>.js.br`, `.gz`): the
 * headless host sends a browser the copy it takes (src-main/host/static.ts) and never compresses a request.
 */
const precompressedPage: Plugin = {
  name: 'precompressed-page',
  apply: 'build',
  writeBundle: {
    order: 'post',
    sequential: true,
    async handler(output) {
      if (output.dir !== undefined) await precompressFolder(output.dir);
    },
  },
};

/**
 * Three bundles: the main process and its worker threads (ESM, dependencies stay in node_modules and are
 * loaded at run time), the preload (one CommonJS file, because a sandboxed preload can load nothing but
 * `electron`), and the renderer (a plain web build served from `out/renderer`).
 */
export default defineConfig({
  main: {
    build: {
      rolldownOptions: {
        input: {
          index: resolve(import.meta.dirname, 'src-main/index.ts'),
          // Worker threads of the archive (src-main/archive/ts-worker.ts starts them by these names).
          'export-worker': resolve(import.meta.dirname, 'src-main/archive/export-worker.ts'),
          'build-worker': resolve(import.meta.dirname, 'src-main/archive/build-worker.ts'),
          // The conversion of a store the release before wrote (src-main/store/convert-legacy.ts).
          'convert-worker': resolve(import.meta.dirname, 'src-main/store/convert-worker.ts'),
        },
        // Code the entries share goes beside them, not in a folder below: ts-worker.ts finds a worker's entry
        // next to its own module, wherever the bundler put that.
        output: { chunkFileNames: '[name]-[hash].js' },
      },
    },
  },
  preload: {
    build: {
      // Bundled whole: a sandboxed preload cannot require packages from node_modules.
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve(import.meta.dirname, 'src-main/preload.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(import.meta.dirname, 'src-renderer'),
    plugins: [react(), assetsFromRoot, precompressedPage],
    build: {
      outDir: resolve(import.meta.dirname, 'out/renderer'),
      rolldownOptions: { input: resolve(import.meta.dirname, 'src-renderer/index.html') },
      // The window loads it from its own disk or a home server: modern engines only, no legacy polyfills.
      target: 'es2023',
      minify: true,
      // No inline `data:` assets: the CSP allows scripts and styles from the page's own origin only.
      assetsInlineLimit: 0,
    },
    server: {
      port: DEV_SERVER_PORT,
      strictPort: true,
      // The page's origin is desk://app, so the client cannot guess the socket's address from it.
      hmr: { protocol: 'ws', host: 'localhost', clientPort: DEV_SERVER_PORT },
    },
  },
});
