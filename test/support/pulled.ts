import type { RemoteRow } from '../../src-shared/store/sync-rows';
import type { PulledPost } from '../../src-shared/sync/pulled-post';
import type { TestInstance } from './instance';

/** Posts as the sync engine reads them from a remote, for tests that hand pages to it directly. */
export const REMOTE_BASE = 'https://remote.example';
export const guidOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** Post `n`, published (and filed) at 1,800,000,000 + n unless `fields` say otherwise. */
export function pulledPost(n: number, fields: Partial<PulledPost> = {}): PulledPost {
  const at = 1_800_000_000 + n;
  return {
    guid: guidOf(n),
    remoteId: null,
    type: 'post.note',
    privacy: 'visibility.public',
    canonicalUrl: `${REMOTE_BASE}/note/${guidOf(n)}`,
    replyTo: null,
    parentGuid: null,
    title: null,
    text: `Post ${n}`,
    tags: [],
    mentionGuids: [],
    persona: { guid: guidOf(900 + n), handle: `someone${n}`, name: `Someone ${n}`, avatarUrl: '' },
    publishUnix: at,
    expiresUnix: null,
    updatedUnix: at,
    listedUnix: at,
    cachedList: null,
    channelGuid: null,
    sourceUrl: null,
    sourceTitle: null,
    geo: null,
    ...fields,
  };
}

/** A remote row in `instance`'s store (no token: nothing talks to it), its posts going to the first Channel. */
export async function remoteIn(instance: TestInstance): Promise<RemoteRow> {
  const remote: RemoteRow = {
    guid: 'r1',
    baseUrl: REMOTE_BASE,
    interface: 'instance',
    sealedToken: '',
    accountRef: 'a',
    defaultChannelGuid: instance.channelGuid,
    channelsLinked: false,
    pollSeconds: 60,
    createdUnix: 0,
    lastPullUnix: null,
    lastPushUnix: null,
    lastError: null,
    lastErrorUnix: null,
  };
  await instance.db.remotes.put(remote);
  return remote;
}
