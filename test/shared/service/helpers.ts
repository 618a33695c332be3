import { expect } from 'vitest';
import { personaSummaryAnswer, postAnswer } from '../../../src-shared/api/answers';
import { POST_TYPES } from '../../../src-shared/api/vocabulary';
import { newChannelRow, newPersonaRow } from '../../../src-shared/store/new-rows';
import { nextId } from '../../../src-shared/store/numbering';
import type { AccountRow } from '../../../src-shared/store/rows';
import { newGuid, tokenHash } from '../../../src-shared/util/secrets';
import type { Called, TestInstance } from '../../support/instance';
import { charCount } from '../../../src-shared/util/chars';

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

/** Section 2.5, by this project's strict schema, plus what a schema does not say. */
export function expectPersonaSummary(persona: Record<string, unknown>): void {
  const parsed = personaSummaryAnswer.parse(persona);
  expect(parsed.guid).toMatch(GUID);
  expect(parsed.avatar).toMatch(/^(https?|data):/);
  expect(() => new URL(parsed.profileurl)).not.toThrow();
}

/**
 * Section 2.3: every instance post parses with the strict schema the service's presenter is typed by (no
 * field missing, none extra), is one of the four types the instance interface shows, and its times agree.
 */
export function expectPostShape(post: Record<string, unknown>): void {
  const parsed = postAnswer.parse(post);
  expect(parsed.guid).toMatch(GUID);
  expect(POST_TYPES).toContain(parsed.type);
  if (parsed.title !== false) expect(charCount(parsed.title)).toBeLessThanOrEqual(512);
  for (const persona of [parsed.persona, ...(parsed.mentions || [])]) expectPersonaSummary(persona);
  for (const [iso, unix] of [
    [parsed.publish_at, parsed.publish_unix],
    [parsed.expires_at, parsed.expires_unix],
    [parsed.updated_at, parsed.updated_unix],
  ] as const) {
    expect(iso === false ? false : new Date(iso).getTime()).toBe(unix === false ? false : unix * 1000);
    if (iso !== false) expect(iso).toMatch(ISO);
  }
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
