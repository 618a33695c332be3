import { safeStorage } from 'electron';
import type { SecretBox as SharedSecretBox } from '../../src-shared/sync/secret-box';

/**
 * Seals secrets kept on disk, such as the tokens of remote instances. `seal` gives a string to store and
 * `open` gives the secret back. Where the system keychain protects them (safeStorage), sealed strings are
 * the base64 of the encrypted bytes; where it does not, `encrypted` is false and sealed strings are the
 * base64 of the plain text after the prefix `plain:`, so anyone looking at the file sees it is unprotected.
 */
export interface SecretBox extends SharedSecretBox {
  /** The keychain answers at once, so sealing and opening here never wait. */
  seal(plain: string): string;
  open(sealed: string): string;
}

export const PLAIN_PREFIX = 'plain:';

/** safeStorage as far as the box needs it. */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
  getSelectedStorageBackend?(): string;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * Call after the app is ready: before that safeStorage reports no encryption on Linux and Windows.
 * On Linux, the `basic_text` backend (no keyring found) encrypts with a key written in Chromium's source,
 * which protects nothing; the box says so by reporting `encrypted: false` rather than pretending.
 */
export function createSecretBox(
  storage: SafeStorageLike = safeStorage,
  platform: NodeJS.Platform = process.platform,
): SecretBox {
  const encrypted =
    storage.isEncryptionAvailable() &&
    !(platform === 'linux' && storage.getSelectedStorageBackend?.() === 'basic_text');
  return {
    encrypted,
    seal: (plain) =>
      encrypted
        ? storage.encryptString(plain).toString('base64')
        : PLAIN_PREFIX + Buffer.from(plain, 'utf8').toString('base64'),
    open: (sealed) => {
      if (sealed.startsWith(PLAIN_PREFIX)) return decodeBase64(sealed.slice(PLAIN_PREFIX.length)).toString('utf8');
      if (!encrypted) {
        throw new Error('this secret was encrypted by the system keychain, which is not available now; enter it again');
      }
      return storage.decryptString(decodeBase64(sealed));
    },
  };
}

function decodeBase64(text: string): Buffer {
  if (text.length % 4 !== 0 || !BASE64.test(text)) throw new Error('a sealed secret must be base64');
  return Buffer.from(text, 'base64');
}
