import { MARKER_KINDS, MARKER_LIMITS, markerName, type MarkerAnswer } from '../api/markers';
import { isRemoteError } from '../client/errors';
import type { PublishingDb } from '../store/db';
import { moveMarker, readMarkers } from '../store/markers';
import type { MarkerRow } from '../store/rows';
import type { RemoteRow } from '../store/sync-rows';
import { oldestFirst } from '../store/timeline';
import type { RemoteMarkers } from './connection';
import { ownerAccount } from '../store/bootstrap';

/**
 * The reading places of the timelines this desk shares with a remote of this project (api/markers.ts), made
 * the same on both: the one further on, by timeline order, moves the other. Those of the Personas and
 * Channels linked to the remote (its Persona's home, mentions, interactions and own posts; its Channels):
 * the timelines whose posts both hold. Everything (`global`) differs between the two and stays each one's.
 * Asked of the remote when a place moved here since the `last` exchange, at a Sync Now, and every
 * EXCHANGE_EVERY_SECONDS otherwise; answers the exchange made, or null when none was due.
 */
export async function syncReadingPlaces(
  db: PublishingDb,
  input: { remote: RemoteRow; markers: RemoteMarkers; now: number; manual: boolean; last: Exchange | null },
): Promise<Exchange | null> {
  const { remote, markers, now, last } = input;
  const owner = await ownerAccount(db);
  if (!owner) return null;
  const names = await sharedTimelines(db, owner.guid, remote.guid);
  const mine = new Map((await readMarkers(db, owner.guid, names)).map((row) => [row.timeline, row]));
  // Not at every poll: a place moved here is told at the next one, the remote's are asked for now and then.
  const due =
    input.manual ||
    last === null ||
    versionsOf(mine.values()) !== last.versionsHere ||
    now - last.atUnix >= EXCHANGE_EVERY_SECONDS;
  if (!due) return null;
  for (let at = 0; at < names.length; at += MARKER_LIMITS.perRead) {
    const batch = names.slice(at, at + MARKER_LIMITS.perRead);
    const theirs = await markers.read(batch);
    for (const name of batch) {
      const there = theirs[name];
      const here = mine.get(name);
      if (there && (!here || isFurther(placeOf(there), here))) await adopt(db, owner.guid, name, there, here, now);
      else if (here && (!there || isFurther(here, placeOf(there)))) await tell(markers, name, here, there);
    }
  }
  return { atUnix: now, versionsHere: versionsOf(await readMarkers(db, owner.guid, names)) };
}

/**
 * An exchange of reading places with a remote: when, and the sum of the versions of this desk's places then.
 * Every move raises a version, so a different sum says a place moved here since.
 */
export interface Exchange {
  atUnix: number;
  versionsHere: number;
}

const versionsOf = (rows: Iterable<MarkerRow>): number => [...rows].reduce((sum, row) => sum + row.version, 0);

/** How often the remote's places are asked for when nothing moved here (a person moving between desks). */
export const EXCHANGE_EVERY_SECONDS = 300;

async function sharedTimelines(db: PublishingDb, ownerGuid: string, remoteGuid: string): Promise<string[]> {
  const linked = <T extends { accountGuid: string; remoteGuid?: string | null | undefined }>(rows: T[]) =>
    rows.filter((row) => row.accountGuid === ownerGuid && row.remoteGuid === remoteGuid);
  const personas = linked(await db.personas.toArray());
  const channels = linked(await db.channels.toArray());
  return [
    ...personas.flatMap((p) =>
      MARKER_KINDS.filter((kind) => kind !== 'channel').map((kind) => markerName(kind, p.guid)),
    ),
    ...channels.map((c) => markerName('channel', c.guid)),
  ].filter((name): name is string => name !== null);
}

type Place = Pick<MarkerRow, 'publishUnix' | 'postGuid'>;

const placeOf = (answer: MarkerAnswer): Place => ({
  publishUnix: answer.publish_unix,
  postGuid: answer.post_guid.toLowerCase(),
});

/** `a` stands above `b` in timeline order: the person read further. */
const isFurther = (a: Place, b: Place): boolean =>
  oldestFirst({ publishUnix: a.publishUnix, guid: a.postGuid }, { publishUnix: b.publishUnix, guid: b.postGuid }) > 0;

/** The remote's place, here: where the post is here too (pulled, not deleted), at its place here. */
async function adopt(
  db: PublishingDb,
  ownerGuid: string,
  name: string,
  there: MarkerAnswer,
  here: MarkerRow | undefined,
  now: number,
): Promise<void> {
  const post = await db.posts.where('guid').equals(there.post_guid.toLowerCase()).first();
  if (!post || post.deleted) return;
  // Refused only when a page moved it meanwhile: the next cycle compares again.
  await moveMarker(db, {
    accountGuid: ownerGuid,
    timeline: name,
    postGuid: post.guid,
    publishUnix: post.publishUnix,
    updatedUnix: now,
    version: here?.version ?? 0,
  });
}

/**
 * This desk's place, there. The remote refuses a post it does not hold (not sent yet, or local only): 400;
 * and a move another one came before: 409. Either way the next cycle compares again.
 */
async function tell(markers: RemoteMarkers, name: string, here: MarkerRow, there: MarkerAnswer | undefined) {
  try {
    await markers.move(name, here.postGuid, there?.version ?? 0);
  } catch (error) {
    if (!(isRemoteError(error) && (error.status === 400 || error.status === 409))) throw error;
  }
}
