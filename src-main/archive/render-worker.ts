/**
 * Renders posts' Markdown for a store being built from an archive (build-store.ts), in a thread beside the
 * build's: each message is a list of texts, answered in turn by their HTML as a write makes it
 * (src-shared/store/post-row.ts renderedText).
 */
import { parentPort } from 'node:worker_threads';
import { renderedText } from '../../src-shared/store/post-row';

const port = parentPort;
if (!port) throw new Error('render-worker.ts runs as a worker thread');
port.on('message', (texts: string[]) => {
  port.postMessage(texts.map((text) => renderedText(text).html));
});
