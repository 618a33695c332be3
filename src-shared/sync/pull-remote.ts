import type { PublishingDb } from '../store/db';
import { isLinkedPersona } from './identity';
import type { RemoteRow, TimelineName } from '../store/sync-rows';
import type { RemoteConnection, RemoteTimeline } from './connection';
import { confirmVersions } from './confirm';
import { checkMissingPosts } from './gone';
import { OVERLAP_SECONDS, pullTimeline } from './pull';
import { pullForward } from './pull-forward';
import type { PullResult, SeenVersions } from './pull-pages';
import { pullWalk } from './pull-walk';
import type { CycleProgress } from './progress';

/**
 * Step 2 of a cycle: every timeline of the remote, each the way it pages (connection.ts), the history of
 * each linked Persona until it is whole, and once a day the last week again where the remote is walked. After a poll of `global` that read the stretch since its cursor
 * whole, the posts held from there and missing from its pages are checked (gone.ts): the remote may have
 * deleted them. Last, the versions a list served that the posts' own answers may contradict are read
 * again by themselves (confirm.ts). Answers how many new posts mention a linked Persona.
 */
export async function pullRemote(
  db: PublishingDb,
  input: {
    remote: RemoteRow;
    connection: RemoteConnection;
    now: () => number;
    seenFor: (timeline: TimelineName) => SeenVersions;
    /** Counts the posts stored, page by page (progress.ts). */
    progress?: Pick<CycleProgress, 'stored'>;
    /** Once aborted, no other page is asked for (the connection's requests stop with it too). */
    signal?: AbortSignal | undefined;
  },
): Promise<{ mentioning: number }> {
  const { remote, connection, now } = input;
  let mentioning = 0;
  const more = [
    ...(await historiesToRead(db, remote, connection)),
    ...(await lookBackDue(db, remote, connection, now())),
  ];
  for (const timeline of [...connection.timelines, ...more]) {
    const { progress } = input;
    const onStored = progress ? (count: number) => void (progress.stored += count) : undefined;
    mentioning += (
      await pullOne(db, {
        remote,
        connection,
        timeline,
        now,
        seen: input.seenFor(timeline.name),
        onStored,
        signal: input.signal,
      })
    ).mentioning;
  }
  if (more.some((t) => t.name === 'lookback')) await lookedBack(db, remote, now());
  const confirmed = await confirmVersions(db, { remote, connection, now: now() });
  if (input.progress) input.progress.stored += confirmed;
  return { mentioning };
}

/** How far back, once a day, a remote walked from its newest post is read again. */
export const LOOK_BACK_SECONDS = 7 * 86_400;
const LOOK_BACK_EVERY_SECONDS = 86_400;

/**
 * The reference files a post edited more than two hours after its publication, or published more than two
 * hours before it was written, under its publication time: a poll, which reads down to its cursor, never
 * reaches it (another desk's edit of an older post, say). So once a day the last week of `global` is walked
 * again, as a timeline of its own (`lookback`): what changed is stored, and what is missing is checked. The
 * first look back is a day after the first pull, which read everything.
 */
async function lookBackDue(
  db: PublishingDb,
  remote: RemoteRow,
  connection: RemoteConnection,
  now: number,
): Promise<RemoteTimeline[]> {
  const global = connection.timelines.find((t) => t.name === 'global');
  if (global?.paging !== 'walk') return [];
  const last = await db.cursors.get([remote.guid, 'lookback']);
  if (!last) {
    await lookedBack(db, remote, now);
    return [];
  }
  // Between two looks back, its cursor says when it last finished one; a look cut short goes on.
  if (last.paging === null) {
    if (now - (last.sinceUnix ?? 0) < LOOK_BACK_EVERY_SECONDS) return [];
    await db.cursors.put({ ...last, sinceUnix: now - LOOK_BACK_SECONDS + OVERLAP_SECONDS });
  }
  return [{ ...global, name: 'lookback' }];
}

/** A look back finished (or, on the first pull, was not needed): the next is due a day from now. */
async function lookedBack(db: PublishingDb, remote: RemoteRow, now: number): Promise<void> {
  const last = await db.cursors.get([remote.guid, 'lookback']);
  if (last?.paging) return;
  await db.cursors.put({ remoteGuid: remote.guid, timeline: 'lookback', sinceUnix: now, paging: null });
}

/** The histories of linked Personas not yet read whole: once read, `global` brings what comes after. */
async function historiesToRead(
  db: PublishingDb,
  remote: RemoteRow,
  connection: RemoteConnection,
): Promise<RemoteTimeline[]> {
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
  input: {
    remote: RemoteRow;
    connection: RemoteConnection;
    timeline: RemoteTimeline;
    now: () => number;
    seen: SeenVersions;
    onStored: ((count: number) => void) | undefined;
    signal: AbortSignal | undefined;
  },
): Promise<PullResult> {
  const { remote, timeline, now } = input;
  const pull = {
    remote,
    timeline: timeline.name,
    now,
    seen: input.seen,
    onStored: input.onStored,
    signal: input.signal,
  };
  const pulled =
    timeline.paging === 'forward'
      ? await pullForward(db, { ...pull, readAfter: timeline.readAfter })
      : timeline.paging === 'walk'
        ? await pullWalk(db, { ...pull, read: timeline.read, pageSize: timeline.pageSize })
        : await pullTimeline(db, { ...pull, read: timeline.read, pageSize: timeline.pageSize });
  if ((timeline.name === 'global' || timeline.name === 'lookback') && pulled.window) {
    await checkMissingPosts(db, { remote, connection: input.connection, window: pulled.window, now: now() });
  }
  return pulled;
}
