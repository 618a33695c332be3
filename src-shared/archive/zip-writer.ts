import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/** Bytes handed to the sink at once (the last chunk may be smaller). */
const SINK_BYTES = 256 * 1024;

/** Where the zip's bytes go; the writer waits for each chunk, so memory holds one chunk at a time. */
export type ByteSink = (chunk: Uint8Array) => Promise<void>;

export interface ZipWriter {
  /**
   * Adds one file, its text given in pieces; the next file starts only once this one is written. `stored`
   * leaves it uncompressed: starting a DEFLATE stream costs about a third of a millisecond, more than a
   * small file gains by it, and an instance has a Markdown file per post.
   */
  file(name: string, pieces: AsyncIterable<string> | Iterable<string>, options?: { stored?: boolean }): Promise<void>;
  /** Writes the central directory; nothing may be added after. */
  end(): Promise<void>;
}

/**
 * A zip written as it goes (fflate's streaming Zip): each file is compressed piece by piece and its bytes
 * handed to `sink` before the next piece is read, so an archive of any size is made in bounded memory.
 */
export function zipWriter(sink: ByteSink, mtime: Date): ZipWriter {
  let ready: Uint8Array[] = [];
  let readyBytes = 0;
  let failure: Error | null = null;
  const zip = new Zip((error, data) => {
    if (error) failure = error;
    else {
      ready.push(data);
      readyBytes += data.length;
    }
  });
  // A small file makes a few chunks of some bytes each: they go to the sink together, SINK_BYTES at a time.
  const flush = async (all = false) => {
    if (failure) throw failure;
    if (readyBytes === 0 || (!all && readyBytes < SINK_BYTES)) return;
    const chunk = new Uint8Array(readyBytes);
    let at = 0;
    for (const part of ready) {
      chunk.set(part, at);
      at += part.length;
    }
    ready = [];
    readyBytes = 0;
    await sink(chunk);
  };
  return {
    file: async (name, pieces, options) => {
      const entry = options?.stored ? new ZipPassThrough(name) : new ZipDeflate(name, { level: 6 });
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
      await flush(true);
    },
  };
}
