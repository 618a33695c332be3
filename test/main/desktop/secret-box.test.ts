import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * safeStorage stand-in: "encrypts" by reversing the bytes and adding a marker, which is enough to see
 * that the box stores what safeStorage produced and never the plain text.
 */
const keychain = vi.hoisted(() => ({
  available: true,
  backend: 'gnome_libsecret',
}));

vi.mock('electron', () => ({
  safeStorage: {
    isEncryptionAvailable: () => keychain.available,
    getSelectedStorageBackend: () => keychain.backend,
    encryptString: (plain: string) => Buffer.concat([Buffer.from('KC1'), Buffer.from(plain, 'utf8').reverse()]),
    decryptString: (sealed: Buffer) => {
      if (sealed.subarray(0, 3).toString() !== 'KC1')
        throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
      return Buffer.from(sealed.subarray(3)).reverse().toString('utf8');
    },
  },
}));

const { createSecretBox, PLAIN_PREFIX } = await import('../../../src-main/desktop/secret-box');

const TOKEN = 'remote-token-éü-😀-0123456789';

beforeEach(() => {
  keychain.available = true;
  keychain.backend = 'gnome_libsecret';
});

describe('the secret box', () => {
  it('encrypts with safeStorage where the system keychain is available, as base64', () => {
    const box = createSecretBox(undefined, 'linux');
    expect(box.encrypted).toBe(true);
    const sealed = box.seal(TOKEN);
    expect(sealed).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
    expect(sealed).not.toContain(TOKEN);
    expect(Buffer.from(sealed, 'base64').subarray(0, 3).toString()).toBe('KC1');
    expect(box.open(sealed)).toBe(TOKEN);
  });

  it('says it does not encrypt when no keychain is available, and stores visibly plain text', () => {
    keychain.available = false;
    const box = createSecretBox(undefined, 'darwin');
    expect(box.encrypted).toBe(false);
    const sealed = box.seal(TOKEN);
    expect(sealed.startsWith(PLAIN_PREFIX)).toBe(true);
    expect(Buffer.from(sealed.slice(PLAIN_PREFIX.length), 'base64').toString('utf8')).toBe(TOKEN);
    expect(box.open(sealed)).toBe(TOKEN);
  });

  it("does not count Linux's basic_text store (a key known to everyone) as encryption", () => {
    keychain.backend = 'basic_text';
    const box = createSecretBox(undefined, 'linux');
    expect(box.encrypted).toBe(false);
    expect(box.seal(TOKEN).startsWith(PLAIN_PREFIX)).toBe(true);
    // The same backend name means nothing on other systems, which have no such store.
    expect(createSecretBox(undefined, 'win32').encrypted).toBe(true);
  });

  it('still opens plainly stored secrets once a keychain is there', () => {
    keychain.available = false;
    const plain = createSecretBox(undefined, 'linux').seal(TOKEN);
    keychain.available = true;
    expect(createSecretBox(undefined, 'linux').open(plain)).toBe(TOKEN);
  });

  it('refuses, with a reason, to open an encrypted secret when the keychain is gone', () => {
    const sealed = createSecretBox(undefined, 'linux').seal(TOKEN);
    keychain.available = false;
    expect(() => createSecretBox(undefined, 'linux').open(sealed)).toThrow(/not available now; enter it again/);
  });

  it('refuses what is not a sealed secret', () => {
    const box = createSecretBox(undefined, 'linux');
    expect(() => box.open('not base64!')).toThrow(/base64/);
    expect(() => box.open(`${PLAIN_PREFIX}???`)).toThrow(/base64/);
    expect(() => box.open(Buffer.from('forged').toString('base64'))).toThrow(/decrypting/);
  });

  it('has exactly the shape the sync engine expects', () => {
    expect(Object.keys(createSecretBox(undefined, 'linux')).sort()).toEqual(['encrypted', 'open', 'seal']);
  });
});
