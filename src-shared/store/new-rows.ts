import { newGuid } from '../util/secrets';
import type { ChannelRow, PersonaRow } from './rows';

/** A Persona as it starts out: no bio, no avatar (one is drawn from its GUID), UTC. */
export function newPersonaRow(fields: {
  id: number;
  accountGuid: string;
  handle: string;
  name: string;
  position: number;
  now: number;
}): PersonaRow {
  return {
    guid: newGuid(),
    id: fields.id,
    accountGuid: fields.accountGuid,
    handle: fields.handle,
    handleKey: fields.handle.toLowerCase(),
    name: fields.name,
    avatarUrl: '',
    siteUrl: '',
    bioText: '',
    bioHtml: '',
    timezone: 'UTC',
    position: fields.position,
    createdUnix: fields.now,
    updatedUnix: fields.now,
  };
}

export function newChannelRow(fields: {
  id: number;
  accountGuid: string;
  name: string;
  position: number;
  now: number;
}): ChannelRow {
  return {
    guid: newGuid(),
    id: fields.id,
    accountGuid: fields.accountGuid,
    name: fields.name,
    position: fields.position,
    createdUnix: fields.now,
    updatedUnix: fields.now,
  };
}
