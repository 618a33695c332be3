/**
 * Seals remote tokens before they are stored. The desktop uses the system keychain (Electron's
 * safeStorage); the headless host a key file of its own (src-main/host/key-file-box.ts). `encrypted` says
 * whether sealing protects anything, so the status can tell the person.
 */
export interface SecretBox {
  encrypted: boolean;
  seal(plain: string): string | Promise<string>;
  open(sealed: string): string | Promise<string>;
}

/** No protection, and visibly so: for tests and for platforms without a keychain. */
export const plainSecretBox: SecretBox = {
  encrypted: false,
  seal: (plain) => `plain:${plain}`,
  open: (sealed) => {
    if (!sealed.startsWith('plain:')) throw new Error('This token was sealed by another secret box');
    return sealed.slice('plain:'.length);
  },
};
