import type { PublishingDb } from './db';

export interface OwnerOptions {
  /** The owner's API token (the host keeps it; see src-main/host/owner-token.ts). Replaces the previous one. */
  token: string;
  /** Sign-in password for `POST /api/auth/login`; optional. */
  password?: string;
  now: number;
}

export interface OwnerResult {
  /** True when this call created the account, its first Persona and first Channel. */
  created: boolean;
  accountGuid: string;
}

/**
 * A new instance has one account with one Persona and one Channel. Idempotent: later calls only make
 * `token` the owner token (and set the password when one is given).
 */
export async function ensureOwner(_db: PublishingDb, _options: OwnerOptions): Promise<OwnerResult> {
  throw new Error('not yet');
}
