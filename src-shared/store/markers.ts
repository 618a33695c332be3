import { MARKER_LIMITS } from '../api/markers';
import type { PublishingDb } from './db';
import type { MarkerRow } from './rows';

/** The account's markers of these timelines; a timeline without one is left out. */
export async function readMarkers(
  db: PublishingDb,
  accountGuid: string,
  timelines: readonly string[],
): Promise<MarkerRow[]> {
  const rows = await db.markers.bulkGet(timelines.map((timeline): [string, string] => [accountGuid, timeline]));
  return rows.filter((row): row is MarkerRow => row !== undefined);
}

const markersOf = (db: PublishingDb, accountGuid: string) =>
  db.markers.where('[accountGuid+timeline]').between([accountGuid, ''], [accountGuid, '\uffff']);

/** Why a move was not made: the marker moved since the version named, or the account keeps too many. */
export interface MoveRefused {
  refused: 'moved' | 'too-many';
}

/**
 * Moves the account's marker of `timeline` to a post, if `version` is the marker's own (0 where there is
 * none yet): the version read and the write are one transaction, so of two moves from the same version one
 * wins and the other is refused.
 */
export function moveMarker(
  db: PublishingDb,
  move: Omit<MarkerRow, 'version'> & { version: number },
): Promise<MarkerRow | MoveRefused> {
  return db.transaction('rw', db.markers, async () => {
    const current = await db.markers.get([move.accountGuid, move.timeline]);
    if ((current?.version ?? 0) !== move.version) return { refused: 'moved' };
    if (!current && (await markersOf(db, move.accountGuid).count()) >= MARKER_LIMITS.perAccount) {
      return { refused: 'too-many' };
    }
    const moved: MarkerRow = { ...move, version: move.version + 1 };
    await db.markers.put(moved);
    return moved;
  });
}
