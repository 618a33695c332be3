import { POST_TYPES } from '../api/vocabulary';
import { adoptRemoteGuid } from '../store/adopt-guid';
import { postRowSchema } from '../store/row-schemas';
import type { PublishingDb } from '../store/db';
import { putPostsInOneTransaction } from '../store/bulk';
import { postsByGuids } from '../store/posts-by-guid';
import type { PostRow } from '../store/rows';
import type { OutboxRow, RemoteRow } from '../store/sync-rows';
import type { OutgoingPost, PostRef, RemoteConnection } from './connection';
import { failing, failureOf, type SyncFailure } from './failure';
import { contentFingerprint } from './fingerprint';
import { ownedBy } from './ownership';
import type { PulledPost } from './pulled-post';

/** Outbox items read per step before reading them all (see drainOutbox). */
const HEAD = 50;
/** Retry delays grow from 10 s to at most an hour. */
const backoffSeconds = (attempts: number): number => Math.min(3600, 10 * 2 ** Math.max(0, attempts - 1));

export interface PushResult {
  sent: number;
  /**
   * Set when draining stopped early, by a failure that would stop the next item too (the remote
   * unreachable or failing, the token refused); a refused change stops its own item only.
   */
  stoppedBy: SyncFailure | null;
}

/**
 * Sends the remote's outbox in order (the numbered steps match docs/sync.md):
 * 1. Take the first item that is due (any, when a person asked to sync now) and not waiting for an earlier item of the same post, or for the
 *    publish of the post it replies to.
 * 2. Count the attempt BEFORE sending: from then on the item may be on the wire and is never merged.
 * 3. Send what the post is now. A publish tried before (unanswered, or cut short by a crash: the count
 *    was stored first) looks for the copy the remote made before sending again.
 * 4. On success, in one transaction: the post takes the remote's GUID, URL and version; the item goes.
 * 5. On failure: the remote is unreachable or refuses the token → stop, retry later with backoff; the
 *    remote refuses the change → that item waits for the person with the reason, the others go on.
 * Stopped (`signal`), it sends nothing more; an item whose request was out when it stopped may have landed,
 * and waits like one unanswered in time, its publish looking for the remote's copy before it is sent again.
 */
export async function drainOutbox(
  db: PublishingDb,
  input: {
    remote: RemoteRow;
    connection: RemoteConnection;
    now: () => number;
    ignoreBackoff?: boolean;
    /** How long a request that got no answer in time may still land (the engine: four times its timeout). */
    inFlightSeconds: number;
    /** Once aborted, no other item is sent (the connection's requests stop with it too). */
    signal?: AbortSignal | undefined;
  },
): Promise<PushResult> {
  const { remote, connection } = input;
  let sent = 0;
  let retriedAtOnce = false;
  const waiting = () => db.outbox.where('[remoteGuid+seq]').between([remote.guid, -Infinity], [remote.guid, Infinity]);
  for (;;) {
    if (input.signal?.aborted) return { sent, stoppedBy: null };
    // The next item is almost always among the first few: reading the whole outbox for each of 1,000
    // items would read it 1,000 times. Whether an item may go depends only on the items before it.
    const due = { now: input.now(), ignoreBackoff: input.ignoreBackoff ?? false };
    const head = await waiting().limit(HEAD).toArray();
    let item = await nextSendable(db, head, due);
    if (!item && head.length === HEAD) item = await nextSendable(db, await waiting().toArray(), due);
    if (!item?.seq) return { sent, stoppedBy: null };
    const seq = item.seq;
    await db.outbox.update(seq, { attempts: item.attempts + 1 });
    try {
      await send(db, { remote, connection, item, now: input.now() });
      await db.outbox.delete(seq);
      sent += 1;
    } catch (error) {
      const failure = failureOf(error);
      if (input.signal?.aborted) {
        // Stopped with the request out: it may still land, as one unanswered in time may (step 3 looks for it).
        await db.outbox.update(seq, {
          uncertain: 1,
          inFlightUntilUnix: input.now() + input.inFlightSeconds,
          error: failure.message,
        });
        return { sent, stoppedBy: null };
      }
      if (failure.kind === 'rejected') {
        await db.outbox.update(seq, { state: 'attention', error: failure.message });
        continue;
      }
      const uncertain = failure.kind === 'uncertain' || item.uncertain === 1 ? 1 : 0;
      // A connection the remote closed while idle (it restarted) fails once; the next one works. Not after
      // a timeout: the slow request may still land, and a look for it now would miss it.
      if (!retriedAtOnce && !failure.timedOut && (failure.kind === 'uncertain' || failure.kind === 'offline')) {
        retriedAtOnce = true;
        await db.outbox.update(seq, { uncertain });
        continue;
      }
      // Unanswered in time, the request may still be on its way: waiting it out, the look for its copy finds it.
      const inFlightUntilUnix = failure.timedOut
        ? input.now() + input.inFlightSeconds
        : (item.inFlightUntilUnix ?? null);
      await db.outbox.update(seq, {
        nextAttemptUnix: Math.max(input.now() + backoffSeconds(item.attempts + 1), inFlightUntilUnix ?? 0),
        uncertain,
        inFlightUntilUnix,
        error: failure.message,
      });
      return { sent, stoppedBy: failure };
    }
  }
}

/** An item is due at its time, or at once when a person asks, but never while an earlier send may still land. */
const isDue = (item: OutboxRow, { now, ignoreBackoff }: { now: number; ignoreBackoff: boolean }): boolean =>
  (ignoreBackoff || item.nextAttemptUnix <= now) && (item.inFlightUntilUnix ?? 0) <= now;

async function nextSendable(
  db: PublishingDb,
  items: readonly OutboxRow[],
  due: { now: number; ignoreBackoff: boolean },
): Promise<OutboxRow | undefined> {
  const waitingPosts = new Set<string>();
  for (const item of items) {
    const blocked =
      waitingPosts.has(item.postGuid) ||
      (item.op === 'publish' && waitingPosts.size > 0 && (await parentWaits(db, item, waitingPosts)));
    waitingPosts.add(item.postGuid);
    if (!blocked && item.state === 'pending' && isDue(item, due)) return item;
    // An item that is due later holds back what comes after it for the same post only.
  }
  return undefined;
}

async function parentWaits(db: PublishingDb, item: OutboxRow, waitingPosts: ReadonlySet<string>): Promise<boolean> {
  const [post] = await postsByGuids(db, [item.postGuid]);
  return !!post?.parentGuid && waitingPosts.has(post.parentGuid);
}

async function send(
  db: PublishingDb,
  { remote, connection, item, now }: { remote: RemoteRow; connection: RemoteConnection; item: OutboxRow; now: number },
): Promise<void> {
  const [post] = await postsByGuids(db, [item.postGuid]);
  if (!post) return;
  switch (item.op) {
    case 'publish': {
      if (post.deleted) return;
      const kinds: readonly string[] = remote.server?.kinds ?? POST_TYPES;
      if (!kinds.includes(post.type))
        throw failing(
          'rejected',
          `The remote (${remote.server?.software ?? 'unknown'}, ${remote.interface} interface) cannot hold ${post.type.slice(5)}s`,
        );
      const outgoing = await outgoingOf(db, remote, post);
      const published =
        (item.attempts > 0 ? await connection.findPublished(outgoing) : null) ?? (await connection.publish(outgoing));
      return takeIdentity(db, remote, post, published);
    }
    case 'edit': {
      if (post.deleted) return;
      const current = await connection.read(refOf(post));
      if (!current) {
        await putPostsInOneTransaction(db, [{ ...post, goneUnix: now }]);
        throw failing('rejected', 'The post is no longer on the remote');
      }
      const base = item.baseUpdatedUnix ?? post.remoteUpdatedUnix ?? 0;
      // Changed there since this edit was made (a later time, or the same second with other content), and
      // not by this very edit arriving on an earlier try.
      const changedThere =
        current.updatedUnix > base ||
        (current.updatedUnix === base &&
          post.remoteContent != null &&
          contentFingerprint(current) !== post.remoteContent);
      if (changedThere && !sameContent(current, post)) {
        await db.conflicts.put({
          postGuid: post.guid,
          remoteGuid: remote.guid,
          remote: {
            title: current.title,
            text: current.text,
            tags: [...current.tags],
            updatedUnix: current.updatedUnix,
          },
          detectedUnix: now,
        });
        throw failing('rejected', 'Edited on the remote too: choose which version to keep');
      }
      const updated = await connection.update(refOf(post), await outgoingOf(db, remote, post));
      return takeIdentity(db, remote, post, updated);
    }
    case 'delete':
      return connection.remove(refOf(post));
    case 'star':
    case 'unstar':
      return connection.star(refOf(post), item.personaGuid, item.op === 'star');
    case 'pin':
    case 'unpin':
      return connection.pin(refOf(post), item.personaGuid, item.op === 'pin' ? item.value : null);
  }
}

const refOf = (post: PostRow): PostRef => ({ guid: post.guid, remoteId: post.remoteId ?? null });

/**
 * Step 4: the post takes the GUID, URL and version of the remote's answer. An answer naming another post
 * held here that is not the remote's own (ownership.ts), or one no row here could hold (store/row-schemas.ts),
 * changes nothing, and the item waits for the person.
 */
async function takeIdentity(db: PublishingDb, remote: RemoteRow, post: PostRow, answered: PulledPost): Promise<void> {
  const facts = postRowSchema.pick({ guid: true, remoteUpdatedUnix: true, remoteUrl: true, remoteId: true });
  if (
    !facts.safeParse({
      guid: answered.guid,
      remoteUpdatedUnix: answered.updatedUnix,
      remoteUrl: answered.canonicalUrl,
      remoteId: answered.remoteId,
    }).success
  ) {
    throw failing(
      'rejected',
      'The remote answered with a GUID, time or address no post here can have: nothing was changed',
    );
  }
  const identity = {
    guid: answered.guid,
    url: answered.canonicalUrl,
    updatedUnix: answered.updatedUnix,
    id: answered.remoteId,
    content: contentFingerprint(answered),
  };
  const adopted = await adoptRemoteGuid(db, post.guid, identity, ownedBy(db, remote.guid));
  if ('taken' in adopted)
    throw failing(
      'rejected',
      'The remote answered with the GUID of another post here, which is not its own: nothing was changed',
    );
}

const sameContent = (remote: PulledPost, local: PostRow): boolean =>
  remote.text.trim() === local.text.trim() &&
  (remote.title ?? '') === (local.title ?? '') &&
  remote.tags.join(',') === local.tags.join(',');

/**
 * The post in the remote's terms: a reply names its parent by the parent's URL there, and the Channel is
 * sent only when it is one of the remote's own.
 */
async function outgoingOf(db: PublishingDb, remote: RemoteRow, post: PostRow): Promise<OutgoingPost> {
  const [parent] = post.parentGuid ? await postsByGuids(db, [post.parentGuid]) : [];
  const parentOnRemote = parent?.remoteGuid === remote.guid ? parent : undefined;
  const channel = await db.channels.get(post.channelGuid);
  const ownChannel = remote.channelsLinked && channel?.remoteGuid === remote.guid;
  return {
    type: post.type,
    privacy: post.privacy,
    personaGuid: post.personaGuid,
    channelGuid: ownChannel ? post.channelGuid : null,
    title: post.title,
    text: post.text,
    tags: post.tags,
    replyTo: parentOnRemote?.remoteUrl ?? post.replyTo,
    replyToId: parentOnRemote?.remoteId ?? null,
    publishUnix: post.publishUnix,
    expiresUnix: post.expiresUnix,
    sourceUrl: post.sourceUrl,
    sourceTitle: post.sourceTitle,
    geo: post.geo,
  };
}
