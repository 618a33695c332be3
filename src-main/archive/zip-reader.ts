import fs from 'node:fs';
import zlib from 'node:zlib';
import { Inflate } from 'fflate';
import { MANIFEST_NAME } from '../../src-shared/archive/archive-schema';
import {
  ARCHIVE_LIMITS,
  ArchiveError,
  type ArchiveEntry,
  type ArchiveSource,
} from '../../src-shared/archive/archive-source';

/** Compressed bytes read at a time: DEFLATE expands at most about 1,000 times, so one read yields 16 MB at most. */
const READ_BYTES = 16 * 1024;
const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const CENTRAL_HEADER_BYTES = 46;
const LOCAL_HEADER_BYTES = 30;

interface ZipEntry extends ArchiveEntry {
  method: number;
  compressedSize: number;
  crc: number;
  localOffset: number;
}

export interface ZipArchive extends ArchiveSource {
  /** Every entry the archive lists, kept or not. */
  readonly entryCount: number;
  close(): void;
}

export interface ZipOptions {
  limits?: typeof ARCHIVE_LIMITS;
  /**
   * The entries to keep, by name (default: the manifest and the data entries, which a restore reads). The
   * others are counted and passed over, so that an archive of a million entries costs no more memory
   * than one of a few.
   */
  keep?: (name: string) => boolean;
}

/** What a restore reads of an archive (docs/archive.md): its manifest and its rows. */
export const isRestoredEntry = (name: string): boolean => name === MANIFEST_NAME || name.startsWith('data/');

/**
 * A zip archive on disk, read through its central directory: the entries' names and sizes are known, and
 * an archive too large or holding too much is refused, before anything is uncompressed. Then each entry is
 * inflated a small read at a time, counting what comes out: an entry that holds more than it declares (a
 * zip bomb), a damaged one (its CRC-32) or one that is cut short is refused by name. Zip64, encryption and
 * compression other than DEFLATE are not written by the export and are refused.
 */
export function openZipArchive(file: string, options: ZipOptions = {}): ZipArchive {
  const limits = options.limits ?? ARCHIVE_LIMITS;
  const fd = fs.openSync(file, 'r');
  try {
    const stat = fs.fstatSync(fd, { bigint: true });
    const { entries, count } = readCentralDirectory(fd, Number(stat.size), limits, options.keep ?? isRestoredEntry);
    const byName = new Map(entries.map((entry) => [entry.name, entry]));
    return {
      entries,
      // Replaced, the file has another inode; written to, other times (the change time cannot be set back).
      identity: [stat.dev, stat.ino, stat.size, stat.mtimeNs, stat.ctimeNs].join(':'),
      entryCount: count,
      lines: (name) => {
        const entry = byName.get(name);
        if (!entry) throw new ArchiveError(`the archive has no ${name}`);
        return linesOf(fd, entry, limits);
      },
      close: () => fs.closeSync(fd),
    };
  } catch (error) {
    fs.closeSync(fd);
    throw error;
  }
}

function readAt(fd: number, position: number, length: number): Buffer {
  const buffer = Buffer.alloc(length);
  const read = fs.readSync(fd, buffer, 0, length, position);
  return buffer.subarray(0, read);
}

/** A read that lets the process serve others meanwhile: a restore may run beside a host's requests. */
function readAtLater(fd: number, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  return new Promise((resolve, reject) => {
    fs.read(fd, buffer, 0, length, position, (error, read) =>
      error ? reject(error) : resolve(buffer.subarray(0, read)),
    );
  });
}

/** The central directory is read this many bytes at a time, whatever its size. */
const DIRECTORY_READ_BYTES = 1024 * 1024;

function readCentralDirectory(
  fd: number,
  fileSize: number,
  limits: typeof ARCHIVE_LIMITS,
  keep: (name: string) => boolean,
): { entries: ZipEntry[]; count: number } {
  const notZip = 'the file is not a zip archive, or it is cut short (its end record is missing)';
  const tailLength = Math.min(fileSize, 22 + 0xffff);
  const tail = readAt(fd, fileSize - tailLength, tailLength);
  let at = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD_SIGNATURE) {
      at = i;
      break;
    }
  }
  if (at < 0) throw new ArchiveError(notZip);
  // The end record's count has 16 bits: a zip of more entries (fflate writes the count modulo 65,536, as
  // other writers without Zip64 do) is read by the size of its directory, which has 32.
  const countLow = tail.readUInt16LE(at + 10);
  const directoryBytes = tail.readUInt32LE(at + 12);
  const directoryAt = tail.readUInt32LE(at + 16);
  if (directoryBytes === 0xffffffff || directoryAt === 0xffffffff) {
    throw new ArchiveError('the archive is in the Zip64 format (over 4 GB), which is not read here');
  }
  if (tail.readUInt16LE(at + 4) !== 0 || tail.readUInt16LE(at + 6) !== 0)
    throw new ArchiveError('the archive is split over several files');
  const endAt = fileSize - tailLength + at;
  if (directoryAt + directoryBytes > endAt) throw new ArchiveError(notZip);
  const entries: ZipEntry[] = [];
  const names = new Set<string>();
  let count = 0;
  // The directory is read a slice at a time; a record that runs past a slice is read again with the next.
  let slice: Buffer = Buffer.alloc(0);
  let sliceAt = directoryAt;
  let offset = directoryAt;
  const end = directoryAt + directoryBytes;
  const bytesAt = (position: number, length: number): Buffer => {
    if (position < sliceAt || position + length > sliceAt + slice.length) {
      slice = readAt(fd, position, Math.min(Math.max(length, DIRECTORY_READ_BYTES), end - position));
      sliceAt = position;
    }
    return slice.subarray(position - sliceAt, position - sliceAt + length);
  };
  const damaged = () => new ArchiveError("the archive's list of entries is damaged");
  while (offset < end) {
    if (count >= limits.entries) throw new ArchiveError(`the archive holds more than ${limits.entries} entries`);
    if (offset + CENTRAL_HEADER_BYTES > end) throw damaged();
    const header = bytesAt(offset, CENTRAL_HEADER_BYTES);
    if (header.length < CENTRAL_HEADER_BYTES || header.readUInt32LE(0) !== CENTRAL_SIGNATURE) throw damaged();
    const flags = header.readUInt16LE(8);
    const nameLength = header.readUInt16LE(28);
    const extraLength = header.readUInt16LE(30);
    const commentLength = header.readUInt16LE(32);
    const method = header.readUInt16LE(10);
    const crc = header.readUInt32LE(16);
    const compressedSize = header.readUInt32LE(20);
    const size = header.readUInt32LE(24);
    const localOffset = header.readUInt32LE(42);
    if (offset + CENTRAL_HEADER_BYTES + nameLength > end) throw damaged();
    const name = new TextDecoder().decode(bytesAt(offset + CENTRAL_HEADER_BYTES, nameLength));
    count++;
    offset += CENTRAL_HEADER_BYTES + nameLength + extraLength + commentLength;
    if (flags & 1) throw new ArchiveError(`${name} is encrypted`);
    if (compressedSize === 0xffffffff || size === 0xffffffff || localOffset === 0xffffffff) {
      throw new ArchiveError('the archive is in the Zip64 format (over 4 GB), which is not read here');
    }
    if (!keep(name)) continue;
    if (method !== 0 && method !== 8)
      throw new ArchiveError(`${name} is compressed in a way not read here (method ${method})`);
    if (localOffset + compressedSize > directoryAt)
      throw new ArchiveError(`${name} lies outside the archive: it is cut short or damaged`);
    if (names.has(name)) throw new ArchiveError(`the archive holds ${name} twice`);
    names.add(name);
    entries.push({ name, method, crc, compressedSize, size, localOffset });
  }
  if (offset !== end || count % 0x10000 !== countLow)
    throw new ArchiveError("the archive's list of entries is damaged (its count does not match)");
  return { entries, count };
}

async function* linesOf(
  fd: number,
  entry: ZipEntry,
  limits: typeof ARCHIVE_LIMITS,
): AsyncGenerator<{ line: string; number: number }> {
  if (entry.size > limits.entryBytes) {
    throw new ArchiveError(`${entry.name} is ${entry.size} bytes uncompressed; at most ${limits.entryBytes} are read`);
  }
  const local = readAt(fd, entry.localOffset, LOCAL_HEADER_BYTES);
  if (local.length < LOCAL_HEADER_BYTES || local.readUInt32LE(0) !== LOCAL_SIGNATURE)
    throw new ArchiveError(`${entry.name} is damaged`);
  let position = entry.localOffset + LOCAL_HEADER_BYTES + local.readUInt16LE(26) + local.readUInt16LE(28);
  const end = position + entry.compressedSize;

  const out: Uint8Array[] = [];
  const inflate = entry.method === 8 ? new Inflate((chunk) => void out.push(chunk)) : null;
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let produced = 0;
  let crc = 0;
  let partial = '';
  let number = 0;
  const decode = (chunk: Uint8Array, final: boolean): string => {
    try {
      return decoder.decode(chunk, { stream: !final });
    } catch {
      throw new ArchiveError(`${entry.name} is not UTF-8 text`);
    }
  };
  while (position < end) {
    const compressed = await readAtLater(fd, position, Math.min(READ_BYTES, end - position));
    if (compressed.length === 0) throw new ArchiveError(`${entry.name} is cut short`);
    position += compressed.length;
    try {
      if (inflate) inflate.push(compressed, position >= end);
      else out.push(compressed);
    } catch {
      throw new ArchiveError(`${entry.name} is damaged: it cannot be uncompressed`);
    }
    for (const chunk of out.splice(0)) {
      produced += chunk.length;
      if (produced > entry.size)
        throw new ArchiveError(
          `${entry.name} holds more than the ${entry.size} bytes it declares (a damaged or hostile archive)`,
        );
      crc = zlib.crc32(chunk, crc);
      partial += decode(chunk, false);
      const lines = partial.split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) yield { line, number: ++number };
      if (partial.length > limits.lineChars)
        throw new ArchiveError(`line ${number + 1} of ${entry.name} is longer than ${limits.lineChars} characters`);
    }
  }
  partial += decode(new Uint8Array(0), true);
  if (produced !== entry.size) throw new ArchiveError(`${entry.name} is cut short: ${produced} of ${entry.size} bytes`);
  if (crc >>> 0 !== entry.crc) throw new ArchiveError(`${entry.name} is damaged: its checksum does not match`);
  if (partial !== '') yield { line: partial, number: number + 1 };
}
