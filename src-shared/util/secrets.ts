/**
 * Tokens, GUIDs and password hashes with Web Crypto only, so the same code runs in Node, Electron and the
 * browser.
 */
const encoder = new TextEncoder();

const toHex = (bytes: ArrayBuffer): string =>
  Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');

const toBase64Url = (bytes: Uint8Array): string =>
  btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');

/** A 36-character GUID (section 8). */
export const newGuid = (): string => crypto.randomUUID();

/** 32 random bytes, URL-safe: an API token. */
export const randomToken = (): string => toBase64Url(crypto.getRandomValues(new Uint8Array(32)));

/** Tokens are stored as their SHA-256 so that a copy of the database hands out no working token. */
export async function tokenHash(token: string): Promise<string> {
  return toHex(await crypto.subtle.digest('SHA-256', encoder.encode(token)));
}

const PBKDF2_ROUNDS = 210_000;

async function pbkdf2(password: string, salt: Uint8Array, rounds: number): Promise<string> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(password), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations: rounds },
    key,
    256,
  );
  return toHex(bits);
}

/** `pbkdf2-sha256$rounds$saltHex$hashHex`: self-describing, so the rounds can grow later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const saltHex = toHex(salt.buffer);
  return `pbkdf2-sha256$${PBKDF2_ROUNDS}$${saltHex}$${await pbkdf2(password, salt, PBKDF2_ROUNDS)}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, roundsText, saltHex, hashHex] = stored.split('$');
  if (scheme !== 'pbkdf2-sha256' || !roundsText || !saltHex || !hashHex) return false;
  const salt = new Uint8Array(saltHex.match(/../g)?.map((h) => parseInt(h, 16)) ?? []);
  const candidate = await pbkdf2(password, salt, Number(roundsText));
  // Constant-time comparison: the time taken says nothing about how much matched.
  let diff = candidate.length ^ hashHex.length;
  for (let i = 0; i < Math.min(candidate.length, hashHex.length); i++) {
    diff |= candidate.charCodeAt(i) ^ hashHex.charCodeAt(i);
  }
  return diff === 0;
}
