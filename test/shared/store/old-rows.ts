import type { Dexie } from 'dexie';
import {
  schemaV1,
  schemaV10,
  schemaV11,
  schemaV2,
  schemaV3,
  schemaV4,
  schemaV5,
  schemaV6,
  schemaV7,
  schemaV8,
  schemaV9,
} from '../../../src-shared/store/db';
import { timelineOrder } from '../../../src-shared/store/order';
import type { PostRow } from '../../../src-shared/store/rows';

/** Rows as older versions of the store wrote them, for the upgrade tests. */
export const guidOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function v1Post(n: number, fields: Partial<PostRow> = {}): PostRow {
  const publishUnix = 1_700_000_000 + n;
  return {
    guid: guidOf(n),
    type: 'post.note',
    privacy: 'visibility.public',
    accountGuid: 'acc',
    personaGuid: 'p1',
    channelGuid: 'c1',
    title: null,
    text: `Post number ${n} about gardening`,
    html: '',
    tags: ['Seeds'],
    mentions: [],
    replyTo: null,
    parentGuid: null,
    threadKey: guidOf(n),
    sourceUrl: null,
    sourceTitle: null,
    geo: null,
    slug: null,
    canonicalPath: `/posts/${guidOf(n)}`,
    publishUnix,
    order: timelineOrder(publishUnix, guidOf(n)),
    expiresUnix: null,
    createdUnix: publishUnix,
    updatedUnix: publishUnix,
    deleted: 0,
    ...fields,
  };
}

export const persona = (guid: string, createdUnix: number, position: number) => ({
  guid,
  accountGuid: 'acc',
  handle: guid,
  handleKey: guid,
  name: guid,
  avatarUrl: '',
  siteUrl: '',
  bioText: '',
  bioHtml: '',
  timezone: 'UTC',
  position,
  createdUnix,
  updatedUnix: createdUnix,
});

/** The store's schema at each version, as db.ts declares them: the first is version 1's. */
const SCHEMAS = [
  schemaV1,
  schemaV2,
  schemaV3,
  schemaV4,
  schemaV5,
  schemaV6,
  schemaV7,
  schemaV8,
  schemaV9,
  schemaV10,
  schemaV11,
];

/** Declares `db` as the store was at `version`: each version's schema up to it, without upgrades. */
export function declareVersionsUpTo(db: Dexie, version: number): void {
  SCHEMAS.slice(0, version).forEach((schema, i) => db.version(i + 1).stores(schema));
}
