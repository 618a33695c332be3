/** Bytes handed to the sink at once (the last chunk may be smaller). */
const SINK_BYTES = 256 * 1024;
/** Characters of a file compressed at once: what is given in many small pieces (a feed's items) is gathered. */
const PIECE_CHARS = 64 * 1024;

/** Where the zip's bytes go; the writer waits for each chunk, so memory holds one chunk at a time. */
export type ByteSink = (chunk: Uint8Array) => Promise<void>;

/**
 * What the zip's checksums and compression are computed with, which the host's platform gives (Node's zlib,
 * src-main/archive/zip-codec.ts), the shared code having none of its own.
 */
export interface ZipCodec {
  /** The CRC-32 of `bytes`, continuing from `previous` (0 to start). */
  crc32(bytes: Uint8Array, previous: number): number;
  /**
   * Raw DEFLATE (RFC 1951) of one part of a file, ending on a byte boundary with no final block (zlib's
   * Z_SYNC_FLUSH), so that the parts of a file one after another, then END_OF_DEFLATE, are its stream.
   */
  deflate(bytes: Uint8Array): Uint8Array;
}

/** An empty final block of fixed Huffman codes: the end of a DEFLATE stream of ZipCodec parts. */
const END_OF_DEFLATE = new Uint8Array([0x03, 0x00]);

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

const LOCAL_SIGNATURE = 0x04034b50;
const DESCRIPTOR_SIGNATURE = 0x08074b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const END_SIGNATURE = 0x06054b50;
const LOCAL_HEADER_BYTES = 30;
const DESCRIPTOR_BYTES = 16;
const CENTRAL_HEADER_BYTES = 46;
const END_BYTES = 22;
/** Version 2.0 of the format: DEFLATE, folders, data descriptors. */
const VERSION = 20;
/** Flags: sizes and CRC follow the data (bit 3), the name is UTF-8 (bit 11). */
const HAS_DESCRIPTOR = 0x0008;
const UTF8_NAME = 0x0800;
const STORED = 0;
const DEFLATED = 8;
/** Without Zip64, sizes and offsets have 32 bits; a name's length has 16. */
const MAX_32 = 0xffffffff;
const MAX_16 = 0xffff;

/**
 * A zip written as it goes: each file is compressed a part at a time (PIECE_CHARS) and its bytes handed to
 * `sink` before more is read, its sizes and CRC-32 in a data descriptor after it; the central directory is
 * kept as its bytes (about 100 a file) and written at the end. Nothing else is kept of a file once it is
 * written, so an archive of any size and any number of files is made in bounded memory. Larger than 4 GB it
 * is refused (docs/archive.md: no Zip64).
 */
export function zipWriter(sink: ByteSink, mtime: Date, codec: ZipCodec): ZipWriter {
  const stamp = dosTime(mtime);
  let ready: Uint8Array[] = [];
  let readyBytes = 0;
  /** Bytes of the archive so far, those ready included. */
  let written = 0;
  let directory = new Uint8Array(64 * 1024);
  let directoryBytes = 0;
  let files = 0;

  const emit = (bytes: Uint8Array) => {
    ready.push(bytes);
    readyBytes += bytes.length;
    written += bytes.length;
  };
  // A small file makes a few chunks of some bytes each: they go to the sink together, SINK_BYTES at a time.
  const flush = async (all = false) => {
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
  const directoryRecord = (name: Uint8Array, flags: number, method: number, sums: Sums, offset: number) => {
    const needed = directoryBytes + CENTRAL_HEADER_BYTES + name.length;
    if (needed > directory.length) {
      const larger = new Uint8Array(Math.max(needed, directory.length * 2));
      larger.set(directory.subarray(0, directoryBytes));
      directory = larger;
    }
    const record = new DataView(directory.buffer, directoryBytes, CENTRAL_HEADER_BYTES);
    record.setUint32(0, CENTRAL_SIGNATURE, true);
    record.setUint16(4, VERSION, true); // made by: MS-DOS attributes
    record.setUint16(6, VERSION, true);
    record.setUint16(8, flags, true);
    record.setUint16(10, method, true);
    record.setUint16(12, stamp.time, true);
    record.setUint16(14, stamp.date, true);
    record.setUint32(16, sums.crc, true);
    record.setUint32(20, sums.compressed, true);
    record.setUint32(24, sums.size, true);
    record.setUint16(28, name.length, true);
    // Extra field, comment, disk, attributes: none.
    record.setUint32(42, offset, true);
    directory.set(name, directoryBytes + CENTRAL_HEADER_BYTES);
    directoryBytes = needed;
    files++;
  };

  return {
    file: async (name, pieces, options) => {
      const nameBytes = utf8.encode(name);
      if (nameBytes.length > MAX_16)
        throw new Error(`a file name of ${nameBytes.length} bytes is longer than a zip holds`);
      const flags = HAS_DESCRIPTOR | (nameBytes.length === name.length ? 0 : UTF8_NAME);
      const method = options?.stored ? STORED : DEFLATED;
      const offset = written;
      emit(localHeader(nameBytes, flags, method, stamp));
      const sums: Sums = { crc: 0, size: 0, compressed: 0 };
      const out = (bytes: Uint8Array) => {
        sums.compressed += bytes.length;
        emit(bytes);
      };
      let gathered: string[] = [];
      let gatheredChars = 0;
      const write = () => {
        const bytes = utf8.encode(gathered.join(''));
        gathered = [];
        gatheredChars = 0;
        sums.crc = codec.crc32(bytes, sums.crc);
        sums.size += bytes.length;
        out(method === DEFLATED ? codec.deflate(bytes) : bytes);
      };
      for await (const piece of pieces) {
        gathered.push(piece);
        gatheredChars += piece.length;
        if (gatheredChars < PIECE_CHARS) continue;
        write();
        await flush();
      }
      if (gatheredChars > 0) write();
      if (method === DEFLATED) out(END_OF_DEFLATE);
      if (sums.size > MAX_32 || sums.compressed > MAX_32 || offset > MAX_32)
        throw new Error(`${name} would end past 4 GB into the archive, the most a zip without Zip64 holds`);
      emit(descriptor(sums));
      directoryRecord(nameBytes, flags, method, sums, offset);
      await flush();
    },
    end: async () => {
      const at = written;
      emit(directory.slice(0, directoryBytes));
      directory = new Uint8Array(0);
      if (at > MAX_32) throw new Error('the archive would be larger than 4 GB, the most a zip without Zip64 holds');
      const end = new DataView(new ArrayBuffer(END_BYTES));
      end.setUint32(0, END_SIGNATURE, true);
      // A count past 65,535 is written modulo 65,536, as writers without Zip64 do (docs/archive.md).
      end.setUint16(8, files & 0xffff, true);
      end.setUint16(10, files & 0xffff, true);
      end.setUint32(12, directoryBytes, true);
      end.setUint32(16, at, true);
      emit(new Uint8Array(end.buffer));
      await flush(true);
    },
  };
}

const utf8 = new TextEncoder();

interface Sums {
  crc: number;
  size: number;
  compressed: number;
}

function localHeader(name: Uint8Array, flags: number, method: number, stamp: DosTime): Uint8Array {
  const bytes = new Uint8Array(LOCAL_HEADER_BYTES + name.length);
  const header = new DataView(bytes.buffer);
  header.setUint32(0, LOCAL_SIGNATURE, true);
  header.setUint16(4, VERSION, true);
  header.setUint16(6, flags, true);
  header.setUint16(8, method, true);
  header.setUint16(10, stamp.time, true);
  header.setUint16(12, stamp.date, true);
  // CRC-32 and sizes: in the descriptor after the data (HAS_DESCRIPTOR).
  header.setUint16(26, name.length, true);
  bytes.set(name, LOCAL_HEADER_BYTES);
  return bytes;
}

function descriptor(sums: Sums): Uint8Array {
  const bytes = new Uint8Array(DESCRIPTOR_BYTES);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, DESCRIPTOR_SIGNATURE, true);
  view.setUint32(4, sums.crc, true);
  view.setUint32(8, sums.compressed, true);
  view.setUint32(12, sums.size, true);
  return bytes;
}

interface DosTime {
  time: number;
  date: number;
}

/** The MS-DOS date and time zip entries carry: local time, to two seconds, from 1980 to 2107. */
function dosTime(at: Date): DosTime {
  const year = Math.min(Math.max(at.getFullYear(), 1980), 2107);
  return {
    time: (at.getHours() << 11) | (at.getMinutes() << 5) | (at.getSeconds() >> 1),
    date: ((year - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate(),
  };
}
