import { ErrorText, ServiceError } from '../../api/errors';
import type { instanceRoutes } from '../../api/instance-routes';
import { markerSubject, type MarkerAnswer, type MarkersAnswer } from '../../api/markers';
import { moveMarker, readMarkers } from '../../store/markers';
import type { MarkerRow } from '../../store/rows';
import { isoOf } from '../../util/time';
import { requireReadablePost } from '../posts';
import type { Ctx } from '../context';
import type { RouteHandler } from '../router';

const present = (row: MarkerRow): MarkerAnswer => ({
  timeline: row.timeline,
  post_guid: row.postGuid,
  publish_unix: row.publishUnix,
  version: row.version,
  updated_at: isoOf(row.updatedUnix),
  updated_unix: row.updatedUnix,
});

/** GET /api/markers: the reading places of the timelines named, by timeline. */
export const listMarkers: RouteHandler<typeof instanceRoutes.markers> = async (ctx, input): Promise<MarkersAnswer> => {
  const rows = await readMarkers(ctx.db, ctx.viewer.accountGuid, input.timeline);
  return Object.fromEntries(rows.map((row) => [row.timeline, present(row)]));
};

/**
 * POST /api/markers: the timeline's reading place moves to a post the person may read, from the version they
 * read; 409 when another page or desk moved it since, which the page reads again before it moves it.
 */
export const moveMarkerTo: RouteHandler<typeof instanceRoutes.moveMarker> = async (ctx, input) => {
  await requireTimeline(ctx, input.timeline);
  const post = await requireReadablePost(ctx, input.post_guid);
  const moved = await moveMarker(ctx.db, {
    accountGuid: ctx.viewer.accountGuid,
    timeline: input.timeline,
    postGuid: post.guid,
    publishUnix: post.publishUnix,
    updatedUnix: ctx.now,
    version: input.version,
  });
  if ('refused' in moved) {
    throw moved.refused === 'moved'
      ? new ServiceError(409, ErrorText.markerMoved)
      : new ServiceError(409, ErrorText.tooManyMarkers);
  }
  return present(moved);
};

/** The Persona or Channel a marker's timeline is of must be one this instance knows. */
async function requireTimeline(ctx: Ctx, timeline: string): Promise<void> {
  const { kind, guid } = markerSubject(timeline);
  if (guid === null) return;
  if (kind === 'channel') {
    if (!(await ctx.db.channels.get(guid))) throw new ServiceError(400, ErrorText.invalidChannel);
  } else if (!(await ctx.db.personas.get(guid))) {
    throw new ServiceError(400, ErrorText.invalidPersona);
  }
}
