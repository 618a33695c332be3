import { expect } from 'vitest';
import type { PublishingDb } from '../../../src-shared/store/db';
import { putPostsInOneTransaction } from '../../../src-shared/store/bulk';
import { newPersonaRow } from '../../../src-shared/store/new-rows';
import { postRow } from '../../../src-shared/store/post-row';
import { remoteAccountGuid } from '../../../src-shared/sync/identity';
import { newGuid } from '../../../src-shared/util/secrets';
import type { Called, TestInstance } from '../../support/instance';

function ok(result: Called): Called {
  expect(result.status, JSON.stringify(result.json)).toBe(200);
  return result;
}

/**
 * Fills an instance with every kind of content a person's instance holds, through the service as the app
 * and the legacy clients write it, and the sync tables directly (as a sync with a remote would leave them).
 */
export async function fillWithEveryKind(instance: TestInstance): Promise<void> {
  const { call } = instance;
  const post = async (params: Record<string, string | number | string[]>) =>
    ok(await call('POST', '/api/posts/write', { params: { post_type: 'post.note', ...params } })).json.data[0] as {
      guid: string;
    };

  ok(await call('POST', `/api/account/${instance.personaGuid}/bio`, { params: { bio_text: 'I write *here*. @me' } }));
  const work = ok(await call('POST', '/api/account/personas', { params: { handle: 'work', name: 'At Work' } })).json
    .data;
  ok(
    await call('POST', `/api/account/personas/${work.guid}`, {
      params: { site_url: 'https://work.example', avatar_url: 'https://work.example/a.png' },
    }),
  );
  ok(await call('POST', `/api/account/${work.guid}/bio`, { params: { bio_text: 'Work notes' } }));
  const side = ok(await call('POST', '/api/account/channels', { params: { name: 'Side', persona_guids: work.guid } }))
    .json.data;
  ok(
    await call('POST', `/api/account/channels/${side.guid}/access`, {
      params: { persona_guid: instance.personaGuid, access: 'write' },
    }),
  );

  const now = Math.floor(instance.clock.now() / 1000);
  const note = await post({ content: 'A note with #tags and @work', tags: 'one,two' });
  const article = await post({
    post_type: 'post.article',
    title: 'An article',
    content: '# Heading\n\nBody *text*.',
    post_slug: 'an-article',
    canonical_url: '/2026/an-article',
    geo_latitude: '52.5',
    geo_longitude: '13.4',
    geo_altitude: '34',
    geo_description: 'Berlin',
  });
  await post({
    post_type: 'post.bookmark',
    content: 'Worth reading',
    source_url: 'https://example.com/page',
    source_title: 'A page',
  });
  await post({
    post_type: 'post.quotation',
    content: '> Quoted',
    source_url: 'https://example.com/q',
    source_title: 'Quote source',
    persona_guid: work.guid,
    channel_guid: side.guid,
  });
  await post({
    content: 'Later, and gone after',
    publish_at: String(now + 86_400),
    expires_at: String(now + 2 * 86_400),
  });
  await post({ content: 'Private', post_privacy: 'visibility.private' });
  await post({ content: 'Mine alone', post_privacy: 'visibility.none' });
  const reply = await post({ content: 'A reply', reply_to: note.guid, persona_guid: work.guid });
  await post({ content: 'A reply to the reply', reply_to: reply.guid });
  await post({ content: 'About a page elsewhere', reply_to: 'https://elsewhere.example/post/1' });
  const gone = await post({ content: 'Deleted later' });
  ok(await call('DELETE', `/api/posts/${gone.guid}`));
  const edited = await post({ content: 'First version' });
  instance.clock.advance(60);
  ok(await call('POST', `/api/posts/${edited.guid}/write`, { params: { content: 'Second version' } }));

  // Where the person stopped reading, in two timelines.
  ok(await call('POST', '/api/markers', { params: { timeline: 'global', post_guid: note.guid, version: 0 } }));
  ok(
    await call('POST', '/api/markers', {
      params: { timeline: `home:${instance.personaGuid}`, post_guid: article.guid, version: 0 },
    }),
  );
  // One draft published as two Personas: two copies of one post.
  ok(
    await call('POST', '/api/drafts/twice/publish', {
      params: { content: 'Said as both', post_type: 'post.note', destinations: `${instance.personaGuid},${work.guid}` },
    }),
  );
  ok(await call('POST', `/api/posts/${note.guid}/star`));
  ok(await call('POST', `/api/posts/${note.guid}/star`, { params: { persona_guid: work.guid } }));
  ok(await call('POST', `/api/posts/${note.guid}/pin`, { params: { value: 'pin.red' } }));
  ok(await call('POST', `/api/posts/${article.guid}/pin`, { params: { value: 'pin.blue', persona_guid: work.guid } }));

  for (const type of ['post.draft', 'post.page']) {
    ok(await call('POST', '/content', { params: { content: `A ${type}`, title: type, type } }));
  }
  ok(
    await call('POST', '/content', {
      params: { content: 'Protected', title: 'Locked', type: 'post.page', passwd: 'open sesame' },
    }),
  );
  const articleRow = await instance.db.posts.where('guid').equals(article.guid).first();
  ok(await call('POST', `/content/repost/${articleRow?.id ?? 0}`));
  await addSyncRows(instance.db, note.guid, instance.channelGuid, now);
}

async function addSyncRows(db: PublishingDb, postGuid: string, channelGuid: string, now: number): Promise<void> {
  const remoteGuid = newGuid();
  await db.remotes.add({
    guid: remoteGuid,
    baseUrl: 'https://remote.example',
    interface: 'instance',
    sealedToken: 'sealed-secret-token',
    accountRef: 'acct',
    defaultChannelGuid: channelGuid,
    channelsLinked: false,
    pollSeconds: 300,
    createdUnix: now,
    lastPullUnix: now,
    lastPushUnix: null,
    lastError: null,
    lastErrorUnix: null,
    failedCycles: 0,
    server: { software: 'Publishing Desk 0.1.0', kinds: ['post.note'], extensions: ['search'], readUnix: now },
  });
  await db.conflicts.add({
    postGuid,
    remoteGuid,
    remote: { title: null, text: 'Their version', tags: ['x'], updatedUnix: now },
    detectedUnix: now,
  });
  await db.remoteUrls.add({ url: 'https://remote.example/2026/11/24/a-title', postGuid });
  // Someone on the remote answers the note: a reply across accounts, which the legacy interactions list.
  const author = {
    ...newPersonaRow({
      id: 3,
      accountGuid: remoteAccountGuid(remoteGuid),
      handle: 'friend',
      name: 'A Friend',
      position: 0,
      now,
    }),
    remoteGuid,
  };
  await db.personas.add(author);
  const guid = newGuid();
  const note = await db.posts.where('guid').equals(postGuid).first();
  await putPostsInOneTransaction(db, [
    postRow({
      guid,
      type: 'post.note',
      privacy: 'visibility.public',
      accountGuid: author.accountGuid,
      personaGuid: author.guid,
      channelGuid,
      title: null,
      text: 'Nice one',
      tags: [],
      mentions: [],
      replyTo: postGuid,
      parentGuid: postGuid,
      threadKey: note?.threadKey ?? postGuid,
      sourceUrl: null,
      sourceTitle: null,
      geo: null,
      slug: null,
      canonicalPath: `/posts/${guid}`,
      publishUnix: now,
      expiresUnix: null,
      createdUnix: now,
      updatedUnix: now,
      deleted: 0,
      remoteGuid,
      remoteUrl: `https://remote.example/posts/${guid}`,
      remoteUpdatedUnix: now,
    }),
  ]);
}
