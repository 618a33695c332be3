import { resolve } from 'node:path';
import { build } from 'esbuild';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import type { HtmlTagDescriptor, Plugin } from 'vite';
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

/** The shell the entry loads itself (src-renderer/main.tsx), after it has asked for the first timeline. */
const SHELL = resolve(import.meta.dirname, 'src-renderer/app/shell.tsx');

/**
 * The shell's code is fetched with the entry's, from the page's head: the entry imports it only once it has
 * asked for the first timeline, so that it runs after those requests are sent, but it need not wait to
 * arrive. Its chunk and every chunk that chunk imports are named, but for those the entry's own tags name.
 */
const shellFetchedAtOnce: Plugin = {
  name: 'shell-fetched-at-once',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(_html, { bundle }) {
      if (!bundle) return [];
      const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
      const shell = chunks.find((chunk) => chunk.facadeModuleId === SHELL);
      if (!shell) throw new Error('the build has no chunk for the shell (src-renderer/app/shell.tsx)');
      const reached = (from: string, into: Set<string>): Set<string> => {
        if (into.has(from)) return into;
        into.add(from);
        for (const imported of chunks.find((chunk) => chunk.fileName === from)?.imports ?? []) reached(imported, into);
        return into;
      };
      // Vite names the entry's own chunks already.
      const named = new Set<string>();
      for (const entry of chunks.filter((chunk) => chunk.isEntry)) reached(entry.fileName, named);
      const files = [...reached(shell.fileName, new Set())].filter((fileName) => !named.has(fileName));
      return files.map((fileName): HtmlTagDescriptor => ({
        tag: 'link',
        attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}` },
        injectTo: 'head',
      }));
    },
  },
};

/** The page's first script (src-renderer/first-paint.ts): the last visit's screen, painted before the entry runs. */
const FIRST_PAINT = resolve(import.meta.dirname, 'src-renderer/first-paint.ts');

/**
 * The first script is built on its own, as one classic script of a few KB with everything it uses inside,
 * and written into the shell after the root: the parser runs it as it reads it, before any of the entry's
 * chunks has arrived, and the browser paints what it drew once the stylesheet is in. Fetched, even preloaded
 * first, it ran only after the chunks that arrived beside it were compiled, and the entry ran before the
 * frame; as a module it waited for them too. The hosts allow it by its hash (src-main/host/static.ts).
 */
function firstPaintFirst(): Plugin {
  let code = '';
  return {
    name: 'first-paint-first',
    async buildStart() {
      if (this.meta.watchMode) return;
      const built = await build({
        entryPoints: [FIRST_PAINT],
        bundle: true,
        format: 'iife',
        minify: true,
        target: 'es2023',
        write: false,
        legalComments: 'none',
      });
      code = built.outputFiles[0]?.text.trim() ?? '';
      if (code === '') throw new Error('the first paint (src-renderer/first-paint.ts) built to nothing');
      if (code.includes('</script')) throw new Error('the first paint holds `</script`: it cannot be written inline');
    },
    transformIndexHtml: {
      order: 'post',
      // The dev server serves the source as a module.
      handler: (_html, { bundle }) => [
        bundle
          ? { tag: 'script', children: code, injectTo: 'body' }
          : { tag: 'script', attrs: { type: 'module', src: '/first-paint.ts' }, injectTo: 'body' },
      ],
    },
  };
}

/**
 * Three bundles: the main process, the headless host and their worker threads (ESM, dependencies stay in node_modules and are
 * loaded at run time), the preload (one CommonJS file, because a sandboxed preload can load nothing but
 * `electron`), and the renderer (a plain web build served from `out/renderer`).
 */
export default defineConfig({
  main: {
    build: {
      rolldownOptions: {
        input: {
          index: resolve(import.meta.dirname, 'src-main/index.ts'),
          // The headless host, as `npm run serve` runs it: built, not compiled from TypeScript as it starts.
          serve: resolve(import.meta.dirname, 'src-main/serve.ts'),
          // Worker threads of the archive (src-main/archive/ts-worker.ts starts them by these names).
          'export-worker': resolve(import.meta.dirname, 'src-main/archive/export-worker.ts'),
          'build-worker': resolve(import.meta.dirname, 'src-main/archive/build-worker.ts'),
          'render-worker': resolve(import.meta.dirname, 'src-main/archive/render-worker.ts'),
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
    plugins: [react(), assetsFromRoot, firstPaintFirst(), shellFetchedAtOnce, precompressedPage],
    build: {
      outDir: resolve(import.meta.dirname, 'out/renderer'),
      rolldownOptions: {
        input: resolve(import.meta.dirname, 'src-renderer/index.html'),
      },
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
