import fs from 'node:fs';
import type { ByteSink } from '../../src-shared/archive/zip-writer';

export interface FileSink {
  sink: ByteSink;
  /** Flushes and closes the file; the bytes are on disk when it resolves. */
  close(): Promise<void>;
}

/** A file written chunk by chunk, each write awaited, so that memory holds one chunk however large the file. */
export function fileSink(file: string): FileSink {
  const handle = fs.openSync(file, 'w', 0o600);
  return {
    sink: (chunk) =>
      new Promise((resolve, reject) => {
        fs.write(handle, chunk, 0, chunk.length, null, (error) => (error ? reject(error) : resolve()));
      }),
    close: () =>
      new Promise((resolve, reject) => {
        fs.fsync(handle, (error) => {
          fs.closeSync(handle);
          if (error) reject(error);
          else resolve();
        });
      }),
  };
}
