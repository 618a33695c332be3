import { failureWords, type SyncFailure } from './failure';

/**
 * Why sync refuses what a person asked of it, in sync's own terms. Whoever asked says it in theirs: the
 * service answers each with its code and words (service/sync-refusals.ts).
 * - `unknown-remote`, `unknown-conflict`, `unknown-outbox-item`: nothing here by that name (an outbox item
 *   counts only while it waits in `attention`);
 * - `remote-exists`: a remote at that base URL is already added;
 * - `invalid-remote-url`: the base URL cannot be one (the details say why);
 * - `remote-not-linkable`: the remote's account lists Personas or Channels that are this desk's or another
 *   remote's, so it cannot be linked (it may be this desk itself);
 * - `remote-refused-sign-in`: the remote refused the credentials or the token;
 * - `unreadable-token`: the token sealed for the remote cannot be opened on this host;
 * - `remote-unreachable`, `remote-unusable`: no answer came, or one no reader here could take;
 * - `settle-conflict-first`: the item waits for a conflict, settled by choosing a version;
 * - `not-synced-post`: the post did not come from a remote.
 */
export const SYNC_REFUSALS = [
  'unknown-remote',
  'remote-exists',
  'invalid-remote-url',
  'remote-not-linkable',
  'remote-refused-sign-in',
  'unreadable-token',
  'remote-unreachable',
  'remote-unusable',
  'unknown-conflict',
  'unknown-outbox-item',
  'settle-conflict-first',
  'not-synced-post',
] as const;
export type SyncRefusalReason = (typeof SYNC_REFUSALS)[number];

/** Sync refuses what a person asked: why, and the words that say more (a remote's own, or what is wrong). */
export class SyncRefusal extends Error {
  constructor(
    readonly reason: SyncRefusalReason,
    readonly details: readonly string[] = [],
  ) {
    super(details[0] ?? reason);
    this.name = 'SyncRefusal';
  }
}

/**
 * A remote's failure, refused to a person waiting for the work: what to do about it, and the remote's own
 * words. Refusing a sign-in or the account read is refusing the credentials, whatever code the remote chose.
 */
export function refusalOf(failure: SyncFailure): SyncRefusal {
  switch (failure.kind) {
    case 'auth':
      return new SyncRefusal('remote-refused-sign-in');
    case 'rejected':
      return new SyncRefusal('remote-refused-sign-in', [failure.message]);
    case 'unreadable-token':
      return new SyncRefusal('unreadable-token', [failureWords(failure)]);
    case 'protocol':
      return new SyncRefusal('remote-unusable', [failure.message]);
    case 'offline':
    case 'uncertain':
    case 'server':
      return new SyncRefusal('remote-unreachable', [failure.message]);
  }
}
