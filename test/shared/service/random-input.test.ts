import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelopeSchema } from '../../../src-shared/api/envelope';
import { z } from 'zod';
import { BACKENDS, startInstance, writePost, type TestInstance } from '../../support/instance';

/**
 * Throws random variables at the write, pin and timeline endpoints: whatever arrives, the answer is a valid
 * envelope whose HTTP status equals meta.code, never a 500, and what was stored before is still there.
 */
const envelope = envelopeSchema(z.unknown());

const names = ['content', 'post_type', 'title', 'tags', 'guid', 'persona_guid', 'channel_guid', 'reply_to',
  'publish_at', 'expires_at', 'post_privacy', 'geo_latitude', 'geo_longitude', 'geo_altitude', 'source_url',
  'source_title', 'canonical_url', 'post_slug', 'value', 'count', 'types', 'since', 'until', 'before'];

const value = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 600 }),
  fc.integer().map(String),
  fc.double().map(String),
  fc.constantFrom('post.note', 'post.bookmark', 'visibility.none', 'pin.red', '', ' ', '0', '251', '-1',
    '<script>alert(1)</script>', 'javascript:alert(1)', '2026-02-30 10:00:00', '9'.repeat(40),
    '00000000-0000-0000-0000-000000000000', 'http://desk.test/posts/x', '@me'),
);
const params = fc.dictionary(fc.constantFrom(...names), value, { maxKeys: 8 });
const endpoint = fc.constantFrom(
  ['POST', '/api/posts/write'],
  ['POST', '/api/posts/{guid}/write'],
  ['POST', '/api/posts/{guid}/pin'],
  ['DELETE', '/api/posts/{guid}/pin'],
  ['GET', '/api/posts/global'],
  ['GET', '/api/posts/mentions'],
  ['GET', '/api/posts/{guid}/thread'],
) as fc.Arbitrary<[string, string]>;
const encoding = fc.constantFrom('json', 'form');

describe.each(BACKENDS)('random input (%s)', (backend) => {
  let app: TestInstance;
  let keeper: { guid: string; text: string };
  let untouched: { guid: string };

  beforeAll(async () => {
    app = await startInstance(backend);
    keeper = await writePost(app, { content: 'Must survive everything' });
    // Never named by a random request: it must come out exactly as it went in.
    untouched = await writePost(app, { content: 'Nobody *edits* me', tags: 'kept' });
  });
  afterAll(async () => app.close());

  it('always answers an envelope and keeps what was stored', async () => {
    await fc.assert(
      fc.asyncProperty(endpoint, params, encoding, fc.boolean(), async ([method, path], vars, enc, useKeeper) => {
        const target = path.replace('{guid}', useKeeper ? keeper.guid : (vars['guid'] ?? 'nope'));
        const result = await app.call(method, target, { params: vars, form: enc === 'form' });
        const parsed = envelope.safeParse(result.json);
        expect(parsed.success).toBe(true);
        expect(result.status).toBe(result.json.meta.code);
        expect(result.status).not.toBe(500);
        if (result.status !== 200) expect(result.json.data).toBe(false);
      }),
      { numRuns: 400 },
    );
    const after = await app.call('GET', `/api/posts/${keeper.guid}`);
    // The keeper may have been edited by a valid random write; it must still exist and be readable.
    expect(after.status).toBe(200);
    expect(after.json.data[0].guid).toBe(keeper.guid);
    const still = await app.call('GET', `/api/posts/${untouched.guid}`);
    expect(still.json.data[0]).toEqual({ ...untouched, attributes: still.json.data[0].attributes });
  });
});
