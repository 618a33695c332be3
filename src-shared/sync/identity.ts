import type { ChannelRow, PersonaRow } from '../store/rows';

/**
 * Authors on a remote who are not the owner's own Personas there belong to no local account. Their rows
 * carry this account GUID, which no token resolves to, so nothing local can write as them.
 */
export const remoteAccountGuid = (remoteGuid: string): string => `remote:${remoteGuid}`;

/** The owner's own Persona on a remote: written as here, its changes pushed there. */
export const isLinkedPersona = (persona: PersonaRow | undefined): persona is PersonaRow & { remoteGuid: string } =>
  !!persona?.remoteGuid && persona.accountGuid !== remoteAccountGuid(persona.remoteGuid);

/**
 * A Channel of a remote, linked here under its own GUID: the remote decides what it is. Only the owner's
 * Channels are linked (sync/link.ts), and removing the remote makes them local ones (sync/remove.ts).
 */
export const isLinkedChannel = (channel: ChannelRow | undefined): channel is ChannelRow & { remoteGuid: string } =>
  !!channel?.remoteGuid;
