import crypto from 'node:crypto';
import fs from 'node:fs';
import type { SecretBox } from '../../src-shared/sync/secret-box';

const PREFIX = 'aes256gcm:';

/**
 * Seals remote tokens with AES-256-GCM under a key kept in its own file (mode 0600) beside the store: a
 * copy of the database alone, or a backup of it, hands out no working token. A headless host has no
 * keychain; the desktop uses the system's (safeStorage) instead.
 */
export function keyFileBox(keyPath: string): SecretBox {
  const key = readOrCreateKey(keyPath);
  return {
    encrypted: true,
    seal: (plain) => {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64');
    },
    open: (text) => {
      if (!text.startsWith(PREFIX)) throw new Error('This token was sealed by another secret box');
      const bytes = Buffer.from(text.slice(PREFIX.length), 'base64');
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
      decipher.setAuthTag(bytes.subarray(12, 28));
      return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}

function readOrCreateKey(keyPath: string): Buffer {
  try {
    const key = fs.readFileSync(keyPath);
    if (key.length !== 32) throw new Error(`${keyPath} is not a key of this instance (expected 32 bytes)`);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    const key = crypto.randomBytes(32);
    // `wx`: two processes starting at once cannot both write a key.
    fs.writeFileSync(keyPath, key, { mode: 0o600, flag: 'wx' });
    return key;
  }
}
