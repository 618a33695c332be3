import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, requiredFor, type RequiredWriteVariable, type WriteInput } from '../../src-shared/api/inputs';
import { needsSource, POST_TYPES } from '../../src-shared/api/vocabulary';
import { plainProblem, readRefusal, WRITE_FIELDS } from '../../src-renderer/screens/composer/field-words';
import { localProblems } from '../../src-renderer/screens/composer/publish';
import { blankDraft } from '../../src-renderer/state/drafts';
import { startInstance, type TestInstance } from '../support/instance';

/** Words of the interface a person should never have to read: variable names, type names, GUIDs. */
const API_WORDS = /[a-z]_[a-z]|\bpost\.[a-z]|\bGUID\b|\bunix\b|\bhttp\(s\)/i;

const UNKNOWN_GUID = '00000000-0000-4000-8000-00000000abcd';

/**
 * Values the service refuses, for every variable of the write input (typed by it: a variable added there
 * needs cases here), each with the variable the refusal concerns.
 */
const HOSTILE: Record<keyof WriteInput, Record<string, string>[]> = {
  content: [{ content: '' }, { content: 'x'.repeat(LIMITS.textChars + 1) }],
  post_type: [{ post_type: 'post.poem' }],
  source_url: [{ source_url: '' }, { source_url: 'not an address' }, { source_url: 'javascript:alert(1)' }],
  source_title: [{ source_title: '' }],
  guid: [{ guid: 'abc' }, { guid: UNKNOWN_GUID }],
  channel_guid: [{ channel_guid: 'abc' }, { channel_guid: UNKNOWN_GUID }],
  persona_guid: [{ persona_guid: 'abc' }, { persona_guid: UNKNOWN_GUID }],
  title: [{ title: 't'.repeat(LIMITS.titleChars + 1) }],
  canonical_url: [{ canonical_url: 'notes/no-slash' }, { canonical_url: '/taken' }],
  reply_to: [{ reply_to: 'a b' }, { reply_to: 'ftp://example.org/x' }],
  post_slug: [{ post_slug: 'two words' }],
  post_privacy: [{ post_privacy: 'secret' }],
  publish_at: [{ publish_at: 'someday' }],
  expires_at: [{ expires_at: 'never' }, { publish_at: '2030-01-02T00:00:00Z', expires_at: '2030-01-01T00:00:00Z' }],
  tags: [
    { tags: 'x'.repeat(LIMITS.tagChars + 1) },
    { tags: Array.from({ length: LIMITS.tagsPerPost + 1 }, (_, i) => `t${i}`).join(',') },
  ],
  geo_longitude: [{ geo_longitude: 'east' }, { geo_longitude: '181' }],
  geo_latitude: [{ geo_latitude: 'north' }, { geo_latitude: '-91' }],
  geo_altitude: [{ geo_altitude: 'high' }, { geo_altitude: '30000' }],
  geo_description: [{ geo_description: 'p'.repeat(513) }],
};

describe("the composer's words for refusals", () => {
  let instance: TestInstance;
  beforeAll(async () => {
    instance = await startInstance('memory');
    await instance.call('POST', '/api/posts/write', {
      params: { content: 'Holds the address', post_type: 'post.note', canonical_url: '/taken' },
    });
  });
  afterAll(() => instance.close());

  const fine = (type: string): Record<string, string> => ({
    content: 'Some text',
    post_type: type,
    ...(needsSource(type) ? { source_url: 'https://example.org/page', source_title: 'A page' } : {}),
  });
  const refusalOf = async (params: Record<string, string>): Promise<string[]> => {
    const answer = await instance.call('POST', '/api/posts/write', { params });
    if (answer.status === 200) return [];
    const meta = answer.json.meta as { text: string; list: string[] | false };
    return meta.list || [meta.text];
  };

  it.each(POST_TYPES)(
    'says every refusal of the service for a %s in plain words, by the field it concerns',
    async (type) => {
      for (const [variable, cases] of Object.entries(HOSTILE) as [keyof WriteInput, Record<string, string>[]][]) {
        for (const hostile of cases) {
          const lines = await refusalOf({ ...fine(type), ...hostile });
          // A note keeps no source: what it is sent as one is not looked at.
          if (variable.startsWith('source_') && !needsSource(type)) continue;
          expect(lines, `${type} ${JSON.stringify(hostile).slice(0, 80)}`).not.toEqual([]);
          for (const line of lines) {
            expect(readRefusal(line).variable, line).toBe(variable);
            const { field, words } = plainProblem(line, type);
            expect(field, line).toBe(WRITE_FIELDS[variable].field);
            expect(words, line).not.toMatch(API_WORDS);
            expect(words).toMatch(/^[A-Z].*\.$/);
          }
        }
      }
    },
  );

  it('says the limit in numbers, and the kind of post that needs a source', async () => {
    const said = async (type: string, hostile: Record<string, string>) =>
      (await refusalOf({ ...fine(type), ...hostile })).map((line) => plainProblem(line, type).words);
    await expect(said('post.note', HOSTILE.title[0] ?? {})).resolves.toEqual([
      'The title is too long: at most 512 characters.',
    ]);
    await expect(said('post.note', HOSTILE.content[1] ?? {})).resolves.toEqual([
      'The text is too long: at most 100,000 characters.',
    ]);
    await expect(said('post.note', { geo_latitude: '-91' })).resolves.toEqual([
      'The latitude must be between -90 and 90.',
    ]);
    await expect(said('post.note', HOSTILE.tags[1] ?? {})).resolves.toEqual(['Too many tags: a post has at most 100.']);
    await expect(said('post.quotation', { source_url: '', source_title: '' })).resolves.toEqual([
      'Give the web address of the page a quotation is about.',
      'Give the title of the page a quotation is about.',
    ]);
    await expect(said('post.bookmark', { source_url: 'not an address' })).resolves.toEqual([
      'Give a full web address that starts with https:// (or http://), without spaces.',
    ]);
  });

  it.each(POST_TYPES)('marks as required for a %s exactly what the service refuses it without', async (type) => {
    const all: RequiredWriteVariable[] = ['content', 'source_url', 'source_title'];
    for (const variable of all) {
      const lines = await refusalOf({ ...fine(type), [variable]: '' });
      const required = requiredFor(type).includes(variable);
      expect(
        lines.map((line) => readRefusal(line)),
        `${type} without ${variable}`,
      ).toEqual(required ? [expect.objectContaining({ variable, refusal: 'missing' })] : []);
    }
  });

  it('checks a draft before sending by the same rules, in the same words', () => {
    const lines = localProblems(blankDraft({ type: 'post.bookmark', text: '', sourceUrl: '', latitude: '' }));
    const words = lines.map((line) => plainProblem(line, 'post.bookmark'));
    expect(words.map((w) => w.field).sort()).toEqual(['sourceTitle', 'sourceUrl', 'sourceUrl', 'text', 'text']);
    for (const { words: said } of words) expect(said).not.toMatch(API_WORDS);
    expect(
      localProblems(blankDraft({ text: 'x', latitude: 'north' })).map((line) => plainProblem(line, 'post.note').words),
    ).toEqual(['Give the latitude as a number, such as 38.72.']);
    expect(
      localProblems(blankDraft({ text: 'x', tags: 'x'.repeat(200) })).map(
        (line) => plainProblem(line, 'post.note').words,
      ),
    ).toEqual(['A tag is too long: at most 128 characters each.']);
    expect(
      localProblems(
        blankDraft({ type: 'post.bookmark', text: 'x', sourceUrl: 'https://example.org', sourceTitle: 'A page' }),
      ),
    ).toEqual([]);
  });

  it('says a refusal it does not know in readable words, and only so much of it', () => {
    expect(plainProblem('frobnicate_level must be purple', 'post.note')).toMatchObject({
      field: 'general',
      words: 'Frobnicate level must be purple.',
    });
    expect(plainProblem('Unrecognized key: "colour_scheme"', 'post.note')).toMatchObject({
      field: 'general',
      words: 'Unrecognized key: "colour scheme".',
    });
    expect(plainProblem('', 'post.note')).toMatchObject({ field: 'general', words: 'The post was not accepted.' });
    // Names an object has of itself are no known texts or variables.
    expect(plainProblem('constructor', 'post.note')).toMatchObject({ field: 'general', words: 'Constructor.' });
    expect(plainProblem('__proto__: toString must be a number', 'post.note')).toMatchObject({ field: 'general' });
    const flood = plainProblem(`odd_value ${'9'.repeat(10_000)}`, 'post.note');
    expect(flood.field).toBe('general');
    expect(flood.words.length).toBeLessThanOrEqual(302);
    // A value the person typed, quoted in a refusal, is no limit.
    expect(
      plainProblem('tag "2024-in-review-and-a-very-long-tag…" is longer than 128 characters', 'post.note').words,
    ).toBe('A tag is too long: at most 128 characters each.');
  });
});
