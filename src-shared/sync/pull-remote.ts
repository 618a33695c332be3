import type { PublishingDb } from '../store/db';
import { isLinkedPersona } from './identity';
import type { RemoteRow, TimelineName } from '../store/sync-rows';
import type { RemoteConnection, RemoteTimeline } from './connection';
import { checkMissingPosts } from './gone';
import { pullTimeline, type PullResult, type SeenVersions } from './pull';
import { pullForward } from './pull-forward';
import { pullWalk } from './pull-walk';

/**
 * Step 2 of a cycle: every timeline of the remote, each the way it pages (connection.ts), and the history of
 * each linked Persona until it is whole. After a poll of `global` that read the stretch since its cursor
 * whole, the posts held from there and missing from its pages are checked (gone.ts): the remote may have
 * deleted them. Answers how many new posts mention a linked Persona.
 */
export async function pullRemote(
  db: PublishingDb,
  input: { remote: RemoteRow; connection: RemoteConnection; now: () => number; seenFor: (timeline: TimelineName) => SeenVersions },
): Promise<{ mentioning: number }> {
  const { remote, connection, now } = input;
  let mentioning = 0;
  for (const timeline of [...connection.timelines, ...(await historiesToRead(db, remote, connection))]) {
    mentioning += (await pullOne(db, { remote, connection, timeline, now, seen: input.seenFor(timeline.name) })).mentioning;
  }
  return { mentioning };
}

/** The histories of linked Personas not yet read whole: once read, `global` brings what comes after. */
async function historiesToRead(db: PublishingDb, remote: RemoteRow, connection: RemoteConnection): Promise<RemoteTimeline[]> {
  const personas = (await db.personas.toArray()).filter((p) => isLinkedPersona(p) && p.remoteGuid === remote.guid);
  const histories: RemoteTimeline[] = [];
  for (const persona of personas) {
    const history = connection.personaHistory(persona.guid);
    const cursor = history ? await db.cursors.get([remote.guid, history.name]) : undefined;
    if (history && (cursor === undefined || cursor.paging !== null)) histories.push(history);
  }
  return histories;
}

async function pullOne(
  db: PublishingDb,
  input: { remote: RemoteRow; connection: RemoteConnection; timeline: RemoteTimeline; now: () => number; seen: SeenVersions },
): Promise<PullResult> {
  const { remote, timeline, now, seen } = input;
  if (timeline.paging === 'forward') return pullForward(db, { remote, timeline: timeline.name, readAfter: timeline.readAfter, now });
  const read = { remote, timeline: timeline.name, pageSize: timeline.pageSize, now, seen };
  const pulled = timeline.paging === 'walk' ? await pullWalk(db, { ...read, read: timeline.read }) : await pullTimeline(db, { ...read, read: timeline.read });
  if (timeline.name === 'global' && pulled.window) {
    await checkMissingPosts(db, { remote, connection: input.connection, window: pulled.window, now: now() });
  }
  return pulled;
}
