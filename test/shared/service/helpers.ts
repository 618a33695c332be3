import { expect } from 'vitest';
import { newChannelRow, newPersonaRow } from '../../../src-shared/store/new-rows';
import { nextId } from '../../../src-shared/store/numbering';
import type { AccountRow } from '../../../src-shared/store/rows';
import { newGuid, tokenHash } from '../../../src-shared/util/secrets';
import type { Called, TestInstance } from '../../support/instance';

/** What every client checks first: status = meta.code = 200, no text, no list. */
export function expectOk(result: Called): void {
  expect(result.json.meta, JSON.stringify(result.json)).toEqual({ code: 200, text: false, list: false });
  expect(result.status).toBe(200);
}

/**
 * An error envelope (section 2.1): status = meta.code, the exact text, data false, and meta.list holding
 * every problem when there are several (`list`), false otherwise.
 */
export function expectError(result: Called, code: number, text: string, list?: readonly string[]): void {
  expect(result.json, JSON.stringify(result.json)).toEqual({
    meta: { code, text, list: list ? [...list] : false },
    data: false,
  });
  expect(result.status).toBe(code);
}

export const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

const falseOr = (check: (value: unknown) => void) => (value: unknown) => {
  if (value !== false) check(value);
};

/** Section 2.5. */
export function expectPersonaSummary(persona: Record<string, unknown>): void {
  expect(persona['guid']).toMatch(GUID);
  expect(persona['guid']).toHaveLength(36);
  expect(typeof persona['as']).toBe('string');
  expect(typeof persona['name']).toBe('string');
  expect(String(persona['avatar'])).toMatch(/^(https?|data):/);
  expect(typeof persona['youfollow']).toBe('boolean');
  expect(typeof persona['is_you']).toBe('boolean');
  expect(() => new URL(String(persona['profileurl']))).not.toThrow();
}

/** Section 2.3: the fields of every instance post and their types. */
export function expectPostShape(post: Record<string, unknown>): void {
  expect(post['guid']).toMatch(GUID);
  expect(['post.article', 'post.note', 'post.bookmark', 'post.quotation']).toContain(post['type']);
  expect(['visibility.public', 'visibility.private', 'visibility.none']).toContain(post['privacy']);
  expect(() => new URL(String(post['canonical_url']))).not.toThrow();
  falseOr((v) => expect(typeof v).toBe('string'))(post['reply_to']);
  falseOr((v) => expect([...String(v)].length).toBeLessThanOrEqual(512))(post['title']);
  expect(typeof post['content']).toBe('string');
  expect(typeof post['text']).toBe('string');
  falseOr((v) => expect(typeof v).toBe('object'))(post['meta']);
  falseOr((v) => {
    expect(Array.isArray(v)).toBe(true);
    for (const tag of v as unknown[]) expect(typeof tag).toBe('string');
  })(post['tags']);
  falseOr((v) => {
    expect(Array.isArray(v)).toBe(true);
    for (const persona of v as Record<string, unknown>[]) expectPersonaSummary(persona);
  })(post['mentions']);
  expectPersonaSummary(post['persona'] as Record<string, unknown>);
  expect(post['publish_at']).toMatch(ISO);
  expect(Number.isInteger(post['publish_unix'])).toBe(true);
  expect(new Date(String(post['publish_at'])).getTime()).toBe(Number(post['publish_unix']) * 1000);
  if (post['expires_at'] === false) {
    expect(post['expires_unix']).toBe(false);
  } else {
    expect(post['expires_at']).toMatch(ISO);
    expect(new Date(String(post['expires_at'])).getTime()).toBe(Number(post['expires_unix']) * 1000);
  }
  expect(post['updated_at']).toMatch(ISO);
  expect(Number.isInteger(post['updated_unix'])).toBe(true);
}

/** Unix seconds on the instance's clock. */
export const nowOf = (instance: TestInstance): number => Math.floor(instance.clock.now() / 1000);

export interface OtherAccount {
  accountGuid: string;
  personaGuid: string;
  channelGuid: string;
  token: string;
}

/**
 * A second account straight in the store (the service has no sign-up): one Persona, one Channel it may
 * write to, and its own token.
 */
export async function addAccount(instance: TestInstance, name = 'other'): Promise<OtherAccount> {
  const now = nowOf(instance);
  const account: AccountRow = {
    guid: newGuid(),
    name,
    displayName: name,
    mail: `${name}@example.com`,
    language: 'en-US',
    timezone: 'UTC',
    type: 'account.user',
    passHash: null,
    createdUnix: now,
    updatedUnix: now,
  };
  const persona = newPersonaRow({ id: 0, accountGuid: account.guid, handle: name, name, position: 0, now });
  const channel = newChannelRow({ id: 0, accountGuid: account.guid, name: 'Theirs', position: 0, now });
  const token = `${name}-token-for-tests-0123456789`;
  const hash = await tokenHash(token); // before the transaction: awaiting Web Crypto inside would end it
  const { db } = instance;
  await db.transaction('rw', [db.accounts, db.personas, db.channels, db.grants, db.tokens, db.settings], async () => {
    await db.accounts.add(account);
    await db.personas.add({ ...persona, id: await nextId(db, 'personas') });
    await db.channels.add({ ...channel, id: await nextId(db, 'channels') });
    await db.grants.add({ channelGuid: channel.guid, personaGuid: persona.guid });
    await db.tokens.add({ hash, accountGuid: account.guid, label: 'test', createdUnix: now });
  });
  return { accountGuid: account.guid, personaGuid: persona.guid, channelGuid: channel.guid, token };
}

/** The GUIDs of a list of posts, in the order given. */
export const guidsOf = (posts: readonly { guid: string }[]): string[] => posts.map((p) => p.guid);
