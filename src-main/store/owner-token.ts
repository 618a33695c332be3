import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * What an owner token may look like, whether it comes from `--token` or from the kept file. It travels in an
 * `Authorization` header, so it must be one printable word; 16 characters keeps it out of guessing range.
 */
export const ownerTokenSchema = z
  .string()
  .min(16, 'the owner token must be at least 16 characters long')
  .regex(/^[\x21-\x7e]+$/, 'the owner token must be printable ASCII without spaces');

export const OWNER_TOKEN_FILE = 'owner-token';

export type OwnerTokenSource = 'flag' | 'kept' | 'generated';

export interface OwnerToken {
  token: string;
  source: OwnerTokenSource;
}

/**
 * The owner token of the instance in `dataDir`: `flagToken` wins and replaces the kept one; otherwise the
 * kept one is reused, so clients keep working across restarts; otherwise a new one is generated and kept.
 */
export function resolveOwnerToken(dataDir: string, flagToken?: string): OwnerToken {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, OWNER_TOKEN_FILE);
  if (flagToken !== undefined) {
    keepToken(file, ownerTokenSchema.parse(flagToken));
    return { token: flagToken, source: 'flag' };
  }
  const kept = readKeptToken(file);
  if (kept !== undefined) return { token: kept, source: 'kept' };
  const token = crypto.randomBytes(32).toString('base64url');
  keepToken(file, token);
  return { token, source: 'generated' };
}

function readKeptToken(file: string): string | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const parsed = ownerTokenSchema.safeParse(text.trim());
  // Silently replacing a damaged token would lock every client out without saying why.
  if (!parsed.success) {
    throw new Error(
      `${file} does not hold a usable owner token (${parsed.error.issues[0]?.message ?? 'invalid'}); ` +
        'fix or delete it, or pass --token',
    );
  }
  return parsed.data;
}

/** Written to a private temporary file and renamed, so a crash never leaves a half-written token behind. */
function keepToken(file: string, token: string): void {
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, `${token}\n`, { mode: 0o600 });
  // `mode` applies only when the file is created, and a umask can narrow but never widen it: make sure.
  fs.chmodSync(temporary, 0o600);
  fs.renameSync(temporary, file);
}
