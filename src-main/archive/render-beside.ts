import { startTsWorker } from './ts-worker';

/** A post's Markdown is at most 100,000 characters: a batch of them and their HTML fit this many times over. */
const RENDER_HEAP_MB = 128;

/** Posts' HTML made in a thread of its own (render-worker.ts), a batch of texts at a time. */
export interface RendererBeside {
  /** The HTML of each text, in order; rejects once the thread has failed. */
  render: (texts: readonly string[]) => Promise<string[]>;
  close: () => Promise<void>;
}

/**
 * Starts the thread that renders for an import (src-shared/archive/import.ts `render`), so that on a second
 * core the posts of one batch are rendered while those of the batch before are written. Answers come in the
 * order the batches were sent.
 */
export function rendererBeside(): RendererBeside {
  const worker = startTsWorker(new URL('./render-worker.ts', import.meta.url), {
    workerData: null,
    heapMb: RENDER_HEAP_MB,
  });
  const waiting: { resolve: (html: string[]) => void; reject: (error: Error) => void }[] = [];
  let failure: Error | null = null;
  const fail = (error: Error) => {
    failure ??= error;
    for (const request of waiting.splice(0)) request.reject(failure);
  };
  worker.on('message', (html: string[]) => waiting.shift()?.resolve(html));
  worker.on('error', (error: Error) => fail(new Error(`the posts could not be rendered: ${error.message}`)));
  worker.on('exit', () => fail(new Error('the posts could not be rendered: their thread ended')));
  return {
    render: (texts) =>
      new Promise((resolve, reject) => {
        if (failure) {
          reject(failure);
          return;
        }
        waiting.push({ resolve, reject });
        worker.postMessage(texts);
      }),
    close: async () => {
      await worker.terminate();
    },
  };
}
