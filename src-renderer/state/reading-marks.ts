import { markerName, type MarkerAnswer } from '../../src-shared/api/markers';
import { isRemoteError } from '../../src-shared/client/errors';
import { compareMarks, readSeen, writeSeen, type PostMark } from './seen-mark';
import { clients } from './session';
import type { TimelineSpec } from './timeline-spec';
import { useTimelines } from './timelines';

/**
 * The "new since you last looked" marks of the page (seen-mark.ts), kept by the instance too, so that the
 * person's other pages and desks start where they stopped (`/api/markers`, api/markers.ts). The page's own
 * copy answers at once and offline; the instance's, when later, moves it on.
 */

/** The instance's version of each marker as this page last read or moved it: a move names it. */
const versions = new Map<string, number>();

/** The instance's name of the timeline's marker; null for the timelines that keep none (search, tags, pins). */
export function markerTimelineOf(spec: TimelineSpec): string | null {
  switch (spec.kind) {
    case 'global':
      return markerName('global');
    case 'home':
    case 'mentions':
    case 'interactions':
      return spec.persona === null ? null : markerName(spec.kind, spec.persona);
    case 'persona':
      return markerName('persona', spec.author);
    case 'channel':
      return markerName('channel', spec.channel);
    default:
      return null;
  }
}

/** The marker name of an open timeline's. */
function markerOfKey(key: string): string | null {
  const spec = useTimelines.getState().byKey[key]?.spec;
  return spec ? markerTimelineOf(spec) : null;
}

const markOf = (answer: MarkerAnswer): PostMark => ({
  unix: answer.publish_unix,
  guid: answer.post_guid.toLowerCase(),
});

/** The instance's marker of a timeline, its version noted for the next move; null when it keeps none. */
async function instanceMark(name: string): Promise<PostMark | null> {
  const answer = (await clients().desk.markers([name]))[name];
  versions.set(name, answer?.version ?? 0);
  return answer ? markOf(answer) : null;
}

/**
 * Reads the instance's marker of an open timeline: one later than this page's (another page or desk saw
 * more), or the only one (this page never saw the timeline), is where "new since you last looked" goes; an
 * earlier one is moved to this page's.
 */
export async function adoptInstanceMark(key: string): Promise<void> {
  const name = markerOfKey(key);
  if (name === null) return;
  try {
    const theirs = await instanceMark(name);
    const mine = readSeen()[key];
    if (theirs !== null && (!mine || compareMarks(theirs, mine) > 0)) {
      writeSeen(key, theirs);
      useTimelines.getState().seenElsewhere(key, theirs);
    } else if (mine?.guid && (theirs === null || compareMarks(mine, theirs) > 0)) {
      // This page saw more, and left before it could say so (a closed page's last request may not go out).
      await sendMark(key, { unix: mine.unix, guid: mine.guid });
    }
  } catch {
    // Offline, or an instance without markers: the page's own mark stands.
  }
}

/** Moves the instance's marker to `mark`, unless another page or desk has it there or further already. */
export async function sendMark(key: string, mark: PostMark): Promise<void> {
  const name = markerOfKey(key);
  if (name === null) return;
  try {
    // Twice at most: a move refused because another one came first is tried again from the version read.
    for (let tries = 0; tries < 2; tries++) {
      try {
        const moved = await clients().desk.moveMarker({
          timeline: name,
          post_guid: mark.guid,
          version: String(versions.get(name) ?? 0),
        });
        versions.set(name, moved.version);
        return;
      } catch (error) {
        if (!(isRemoteError(error) && error.status === 409)) throw error;
        const theirs = await instanceMark(name);
        if (theirs !== null && compareMarks(theirs, mark) >= 0) return;
      }
    }
  } catch {
    // Offline: the page keeps its mark, and sends it when the person next leaves the timeline.
  }
}
