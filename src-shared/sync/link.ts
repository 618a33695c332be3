import type { PublishingDb } from '../store/db';
import { nextId } from '../store/numbering';
import type { ChannelRow, PersonaRow } from '../store/rows';
import type { RemoteRow } from '../store/sync-rows';
import { newGuid } from '../util/secrets';
import { remoteMayWriteAs } from './ownership';
import { handleHere, nameHere } from './remote-names';

/** What a remote says about the account its token belongs to, in the engine's words. */
export interface RemoteAccount {
  /** The account's GUID (instance) or numeric id (legacy), as text. */
  ref: string;
  personas: readonly RemotePersona[];
  /** Null when the remote does not list Channels (the spec has no such endpoint): one local stand-in. */
  channels: readonly { guid: string; name: string; writers: readonly string[] }[] | null;
}

export interface RemotePersona {
  guid: string;
  handle: string;
  name: string;
  avatarUrl: string;
}

/**
 * Links a remote account here, in one transaction: its Personas and Channels become local ones under
 * their own GUIDs, owned by the local owner (who then writes as them; the outbox carries it there), and each
 * linked Persona may write to each linked Channel. Handles get the remote's host (`me@example.org`) as
 * their unique key, so they never collide with local ones; `@me` in a text still means the local Persona.
 * A Persona first seen here as another author of the remote becomes linked. Linking again refreshes names.
 * A Persona or Channel that is this instance's own or another remote's (GUIDs are public) is never taken:
 * adding a remote that lists one is refused (a remote cannot be this instance itself); reading its account
 * again later, it is left out, and the rest is linked (ownership.ts).
 */
export async function linkRemoteAccount(
  db: PublishingDb,
  input: {
    remote: Omit<RemoteRow, 'defaultChannelGuid' | 'channelsLinked'>;
    ownerAccountGuid: string;
    account: RemoteAccount;
    now: number;
  },
): Promise<RemoteRow> {
  const { remote, ownerAccountGuid, account, now } = input;
  const host = new URL(remote.baseUrl).host;
  return db.transaction('rw', [db.remotes, db.personas, db.channels, db.grants, db.settings], async () => {
    const previous = await db.remotes.get(remote.guid);
    const listed = account.channels ?? [{ guid: previous?.defaultChannelGuid ?? newGuid(), name: host, writers: [] }];
    const channels: { guid: string; name: string; writers: readonly string[] }[] = [];
    const channelRows: ChannelRow[] = [];
    for (const channel of listed) {
      const existing = await db.channels.get(channel.guid);
      if (existing && existing.remoteGuid !== remote.guid) {
        if (!previous) throw new Error(`Channel ${channel.guid} is already a local Channel`);
        continue;
      }
      channels.push(channel);
      const row: ChannelRow = {
        guid: channel.guid,
        id: existing?.id ?? (await nextId(db, 'channels')),
        accountGuid: ownerAccountGuid,
        name: nameHere(channel.name),
        position: existing?.position ?? (await nextPosition(db.channels, ownerAccountGuid)),
        createdUnix: existing?.createdUnix ?? now,
        updatedUnix: now,
        remoteGuid: remote.guid,
      };
      await db.channels.put(row);
      channelRows.push(row);
    }
    for (const persona of account.personas) {
      const existing = await db.personas.get(persona.guid);
      if (!remoteMayWriteAs(remote.guid, existing)) {
        if (!previous)
          throw new Error(
            `Persona @${persona.handle} is already a Persona of this instance: a remote cannot be this instance itself`,
          );
        continue;
      }
      const row: PersonaRow = {
        ...(existing ?? emptyPersona(now)),
        guid: persona.guid,
        id: existing?.id ?? (await nextId(db, 'personas')),
        accountGuid: ownerAccountGuid,
        handle: handleHere(persona.handle),
        handleKey: `${handleHere(persona.handle)}@${host}`.toLowerCase(),
        name: nameHere(persona.name),
        avatarUrl: persona.avatarUrl,
        position:
          existing?.accountGuid === ownerAccountGuid
            ? existing.position
            : await nextPosition(db.personas, ownerAccountGuid),
        updatedUnix: now,
        remoteGuid: remote.guid,
      };
      await db.personas.put(row);
      for (const channel of channels) {
        if (account.channels === null || channel.writers.includes(persona.guid)) {
          await db.grants.put({ channelGuid: channel.guid, personaGuid: persona.guid });
        }
      }
    }
    const defaultChannelGuid = channelRows[0]?.guid ?? previous?.defaultChannelGuid;
    if (!defaultChannelGuid) throw new Error('the remote account has no Channel');
    const stored: RemoteRow = { ...remote, defaultChannelGuid, channelsLinked: account.channels !== null };
    await db.remotes.put(stored);
    return stored;
  });
}

async function nextPosition(
  table: PublishingDb['personas'] | PublishingDb['channels'],
  accountGuid: string,
): Promise<number> {
  const last = await table
    .where('[accountGuid+position]')
    .between([accountGuid, -Infinity], [accountGuid, Infinity])
    .last();
  return (last?.position ?? -1) + 1;
}

function emptyPersona(
  now: number,
): Omit<PersonaRow, 'guid' | 'id' | 'accountGuid' | 'handle' | 'handleKey' | 'name' | 'position'> {
  return { avatarUrl: '', siteUrl: '', bioText: '', bioHtml: '', timezone: 'UTC', createdUnix: now, updatedUnix: now };
}
