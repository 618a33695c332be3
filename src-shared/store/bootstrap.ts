import { hashPassword, newGuid, tokenHash } from '../util/secrets';
import type { PublishingDb } from './db';
import { newChannelRow, newPersonaRow } from './new-rows';
import { nextId } from './numbering';
import type { AccountRow } from './rows';

export interface OwnerOptions {
  /** The owner's API token (the host keeps it; see src-main/store/owner-token.ts). Replaces the previous one. */
  token: string;
  /** Sign-in password for `POST /api/auth/login`; optional. */
  password?: string | undefined;
  now: number;
}

export interface OwnerResult {
  /** True when this call created the account, its first Persona and first Channel. */
  created: boolean;
  accountGuid: string;
}

export const OWNER_TOKEN_LABEL = 'owner';

/** The instance's owner: its first account by name, the one `ensureOwner` made or found. */
export const ownerAccount = (db: PublishingDb): Promise<AccountRow | undefined> => db.accounts.orderBy('name').first();

/**
 * A new instance has one account with one Persona and one Channel. Idempotent: later calls only make
 * `token` the owner token (and set the password when one is given).
 */
export async function ensureOwner(db: PublishingDb, options: OwnerOptions): Promise<OwnerResult> {
  const hash = await tokenHash(options.token);
  const passHash = options.password ? await hashPassword(options.password) : null;
  const now = Math.floor(options.now / 1000);
  return db.transaction('rw', [db.accounts, db.personas, db.channels, db.grants, db.tokens, db.settings], async () => {
    const existing = await ownerAccount(db);
    let created = false;
    let account: AccountRow;
    if (existing) {
      account = existing;
      if (passHash) await db.accounts.update(account.guid, { passHash, updatedUnix: now });
    } else {
      created = true;
      account = newOwnerAccount(now, passHash);
      const persona = newPersonaRow({
        id: await nextId(db, 'personas'),
        accountGuid: account.guid,
        handle: 'me',
        name: 'Me',
        position: 0,
        now,
      });
      const channel = newChannelRow({
        id: await nextId(db, 'channels'),
        accountGuid: account.guid,
        name: 'Main',
        position: 0,
        now,
      });
      await db.accounts.add(account);
      await db.personas.add(persona);
      await db.channels.add(channel);
      await db.grants.add({ channelGuid: channel.guid, personaGuid: persona.guid });
    }
    await db.tokens
      .where('accountGuid')
      .equals(account.guid)
      .and((t) => t.label === OWNER_TOKEN_LABEL)
      .delete();
    await db.tokens.put({ hash, accountGuid: account.guid, label: OWNER_TOKEN_LABEL, createdUnix: now });
    return { created, accountGuid: account.guid };
  });
}

function newOwnerAccount(now: number, passHash: string | null): AccountRow {
  return {
    guid: newGuid(),
    name: 'owner',
    displayName: 'Owner',
    mail: '',
    language: 'en-US',
    timezone: 'UTC',
    type: 'account.owner',
    passHash,
    createdUnix: now,
    updatedUnix: now,
  };
}
