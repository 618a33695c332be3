import { expect } from 'vitest';
import type { Called, TestInstance } from '../../support/instance';

/** Legacy success (section 2.1): `meta` is `{code: 200}` alone; there is no `text` and no `list`. */
export function expectLegacyOk(result: Called): void {
  expect(result.json.meta, JSON.stringify(result.json)).toEqual({ code: 200 });
  expect(result.status).toBe(200);
}

/** Legacy error: `meta.code` = HTTP status, `meta.text` the message, no `list`, data false. */
export function expectLegacyError(result: Called, code: number, text: string): void {
  expect(result.json, JSON.stringify(result.json)).toEqual({ meta: { code, text }, data: false });
  expect(result.status).toBe(code);
}

/** POST /content; answers the one post object, failing the test on an error. */
export async function writeContent(instance: TestInstance, params: Record<string, string | number> = {}) {
  const result = await instance.call('POST', '/content', {
    params: { content: 'Hello from an old client', ...params },
  });
  expectLegacyOk(result);
  expect(result.json.data).toHaveLength(1);
  return result.json.data[0];
}

/** The fields of section 2.2, in order, as every legacy post carries them (simple_posts=N). */
export const LEGACY_POST_FIELDS = [
  'id',
  'parent_id',
  'title',
  'slug',
  'type',
  'privacy',
  'guid',
  'content',
  'audio',
  'tags',
  'urls',
  'thread',
  'mentions',
  'account',
  'channel',
  'client',
  'created_at',
  'created_unix',
  'publish_at',
  'publish_unix',
  'updated_at',
  'updated_unix',
  'expires_at',
  'expires_unix',
  'is_mention',
  'you_starred',
  'you_pinned',
  'you_reblurbed',
  'stars',
  'blurbs',
  'parent_post',
  'follows_you',
  'you_follow',
  'you_muted',
  'you_blocked',
  'is_visible',
  'is_deleted',
];
