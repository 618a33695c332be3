import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { frameCompressor } from '../../../src-main/backups/frame-compressor';

describe('compressing chunks one after another through one context', () => {
  it('makes frames that each decompress alone to their own bytes, whatever came before', async () => {
    const compressor = frameCompressor();
    const shared = Buffer.alloc(64 * 1024);
    const pieces = [
      Buffer.from('SQLite format 3\0'.repeat(4096)),
      randomBytes(64 * 1024),
      Buffer.alloc(0),
      Buffer.alloc(64 * 1024, 7),
      Buffer.from('the same text again, '.repeat(3000)),
      Buffer.from('the same text again, '.repeat(3000)),
      randomBytes(10),
    ];
    const frames: Buffer[] = [];
    for (const piece of pieces) {
      // As a backup reads its file: every piece into the same buffer, overwritten once its frame is made.
      piece.copy(shared);
      frames.push(await compressor.frame(shared.subarray(0, piece.length)));
    }
    compressor.close();
    // Each frame alone, in any order: a chunk file is read by itself.
    for (const [i, frame] of [...frames.entries()].reverse())
      expect(zlib.zstdDecompressSync(frame).equals(pieces[i] ?? Buffer.alloc(1))).toBe(true);
    expect(frames[3]?.length).toBeLessThan(100);
    expect(frames[5]?.length).toBe(frames[4]?.length);
  });

  it('refuses more work once closed, rather than hang', async () => {
    const compressor = frameCompressor();
    compressor.close();
    await expect(compressor.frame(Buffer.from('late'))).rejects.toThrow();
  });
});
