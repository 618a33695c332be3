import { EVENT_LIST_MAX } from '../api/events';
import type { PublishingDb } from '../store/db';
import { watchWrites, type Written } from '../store/write-watch';
import type { EventHub } from './event-hub';

const distinct = (values: readonly string[]): string[] => [...new Set(values)];

/**
 * Tells `hub` what each committed write of `db` changed: the remotes whose status reads differently, that
 * drafts changed, and the posts stored (a write of more posts than an event lists is a `resync`). A change of tokens has the
 * streams look whether theirs still signs in. Answers the function that stops it.
 */
export function publishChanges(db: PublishingDb, hub: EventHub): () => void {
  return watchWrites(db, (written: Written) => {
    if (written.tokens) hub.recheck();
    for (const guid of written.remotes) hub.publish({ kind: 'sync', remote_guid: guid });
    if (written.drafts) hub.publish({ kind: 'drafts' });
    if (written.posts.length === 0) return;
    const post_guids = distinct(written.posts.map((p) => p.guid));
    if (written.morePosts || post_guids.length > EVENT_LIST_MAX) {
      hub.publish({ kind: 'resync' });
      return;
    }
    const channel_guids = distinct(written.posts.map((p) => p.channelGuid));
    const persona_guids = distinct(written.posts.map((p) => p.personaGuid));
    hub.publish({ kind: 'posts', post_guids, channel_guids, persona_guids });
  });
}
