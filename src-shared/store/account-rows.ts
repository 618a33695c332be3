import type { PublishingDb } from './db';
import type { ChannelRow, PersonaRow } from './rows';

/** An account's Personas, first one first (the first is the default author). */
export function personasOfAccount(db: PublishingDb, accountGuid: string): Promise<PersonaRow[]> {
  return db.personas
    .where('[accountGuid+position]')
    .between([accountGuid, -Infinity], [accountGuid, Infinity])
    .toArray();
}

/** An account's Channels, first one first (the first is the default destination). */
export function channelsOfAccount(db: PublishingDb, accountGuid: string): Promise<ChannelRow[]> {
  return db.channels
    .where('[accountGuid+position]')
    .between([accountGuid, -Infinity], [accountGuid, Infinity])
    .toArray();
}
