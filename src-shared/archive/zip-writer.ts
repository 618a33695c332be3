import { strToU8, Zip, ZipDeflate } from 'fflate';

/** Where the zip's bytes go; the writer waits for each chunk, so memory holds one chunk at a time. */
export type ByteSink = (chunk: Uint8Array) => Promise<void>;

export interface ZipWriter {
  /** Adds one file, its text given in pieces; the next file starts only once this one is written. */
  file(name: string, pieces: AsyncIterable<string> | Iterable<string>): Promise<void>;
  /** Writes the central directory; nothing may be added after. */
  end(): Promise<void>;
}

/**
 * A zip written as it goes (fflate's streaming Zip): each file is compressed piece by piece and its bytes
 * handed to `sink` before the next piece is read, so an archive of any size is made in bounded memory.
 */
export function zipWriter(sink: ByteSink, mtime: Date): ZipWriter {
  const ready: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, data) => {
    if (error) failure = error;
    else ready.push(data);
  });
  const flush = async () => {
    if (failure) throw failure;
    while (ready.length > 0) {
      const chunk = ready.shift();
      if (chunk && chunk.length > 0) await sink(chunk);
    }
  };
  return {
    file: async (name, pieces) => {
      const entry = new ZipDeflate(name, { level: 6 });
      entry.mtime = mtime;
      zip.add(entry);
      for await (const piece of pieces) {
        if (piece.length === 0) continue;
        entry.push(strToU8(piece));
        await flush();
      }
      entry.push(new Uint8Array(0), true);
      await flush();
    },
    end: async () => {
      zip.end();
      await flush();
    },
  };
}
