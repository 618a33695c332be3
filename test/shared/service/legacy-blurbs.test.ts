import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BACKENDS, startInstance, writePost, type TestInstance } from '../../support/instance';
import { expectLegacyError, expectLegacyOk, writeContent } from './legacy-helpers';

type Blurb = { id: number; guid: string; publish_unix: number; updated_unix: number };

describe.each(BACKENDS)('legacy /content/blurbs/global (%s)', (backend) => {
  let instance: TestInstance;
  beforeEach(async () => {
    instance = await startInstance(backend);
  });
  afterEach(async () => {
    await instance.close();
  });

  const global = async (params: Record<string, string | number> = {}, token?: string | null) => {
    const result = await instance.call('GET', '/content/blurbs/global', {
      params,
      ...(token === undefined ? {} : { token }),
    });
    expectLegacyOk(result);
    return result.json.data as Blurb[];
  };

  it('shows Blurbs only, newest first, 50 by default, and only public ones without a token', async () => {
    for (let i = 0; i < 55; i++) {
      instance.clock.advance(1);
      await writeContent(instance, { content: `Blurb ${i}` });
    }
    await writeContent(instance, { content: 'An essay', title: 'Essay' });
    await writeContent(instance, { content: 'Just me', privacy_type: 'visibility.none' });
    const page = await global({}, null);
    expect(page).toHaveLength(50);
    expect(page.map((b) => b.publish_unix)).toEqual([...page.map((b) => b.publish_unix)].sort((a, b) => b - a));
    expect(page.every((b) => !('title' in b) || (b as unknown as { title: string }).title === '')).toBe(true);
    expect((await global({ count: 200 })).length).toBe(56);
  });

  it('pages with before_id and before_unix without skipping or repeating', async () => {
    // Ten Blurbs in the same second: the order must still be total.
    for (let i = 0; i < 10; i++) await writeContent(instance, { content: `Same second ${i}` });
    instance.clock.advance(10);
    for (let i = 0; i < 5; i++) await writeContent(instance, { content: `Later ${i}` });
    const seen: number[] = [];
    let page = await global({ count: 4 });
    while (page.length > 0) {
      seen.push(...page.map((b) => b.id));
      const last = page.at(-1);
      page = last ? await global({ count: 4, before_id: last.id }) : [];
    }
    expect(seen).toHaveLength(15);
    expect(new Set(seen).size).toBe(15);
    const older = await global({ before_unix: instance.clock.now() / 1000 });
    expect(older).toHaveLength(10);
  });

  it('collects every new Blurb with since_unix, back-dated and future-dated ones included, without gaps or repeats', async () => {
    const start = instance.clock.now() / 1000;
    const collected = new Map<number, number>();
    let cursor = start - 1;
    const poll = async () => {
      for (;;) {
        const page = await global({ since_unix: cursor, count: 3 });
        if (page.length === 0) return;
        for (const b of page) collected.set(b.id, (collected.get(b.id) ?? 0) + 1);
        cursor = Math.max(...page.map((b) => Math.max(b.publish_unix, b.updated_unix)));
      }
    };
    // Seven in one second: a page of 3 must not split that second and lose some.
    for (let i = 0; i < 7; i++) await writeContent(instance, { content: `Burst ${i}` });
    await poll();
    expect(collected.size).toBe(7);

    instance.clock.advance(100);
    const backdated = await writeContent(instance, {
      content: 'Written now, dated last year',
      pubdts: String(start - 365 * 86400),
    });
    const scheduled = await writeContent(instance, {
      content: 'Appears in an hour',
      pubdts: String(start + 100 + 3600),
    });
    const normal = await writeContent(instance, { content: 'Plain' });
    await poll();
    expect(collected.has(backdated.id)).toBe(true);
    expect(collected.has(normal.id)).toBe(true);
    expect(collected.has(scheduled.id)).toBe(false);

    instance.clock.advance(3600);
    await poll();
    expect(collected.has(scheduled.id)).toBe(true);
    expect([...collected.values()].every((n) => n === 1)).toBe(true);
    expect(collected.size).toBe(10);
  });

  it('returns the whole second when one second holds more Blurbs than count', async () => {
    for (let i = 0; i < 6; i++) await writeContent(instance, { content: `Crowded ${i}` });
    const page = await global({ since_unix: instance.clock.now() / 1000 - 1, count: 2 });
    expect(page).toHaveLength(6);
  });

  it('continues exactly from since_id', async () => {
    const first = await writeContent(instance, { content: 'One' });
    const second = await writeContent(instance, { content: 'Two' });
    const third = await writeContent(instance, { content: 'Three' });
    const after = await global({ since_id: first.id });
    const ids = after.map((b) => b.id).sort();
    // Same second: since_id orders by GUID within it, so the ones after `first` are a subset of the other two.
    expect(ids.every((id) => id === second.id || id === third.id)).toBe(true);
    expect(await global({ since_id: third.id })).not.toContainEqual(expect.objectContaining({ id: third.id }));
  });

  it('sees posts written through the instance interface', async () => {
    const written = await writePost(instance, { content: 'Instance note' });
    const page = await global();
    expect(page.map((b) => b.guid)).toContain(written.guid);
  });

  it('refuses bad counts and cursors with a clear message', async () => {
    for (const [params, text] of [
      [{ count: 0 }, 'count must be a whole number from 1 to 200'],
      [{ count: 201 }, 'count must be a whole number from 1 to 200'],
      [{ since_unix: 'yesterday' }, 'since_unix must be a unix timestamp (whole seconds)'],
      [{ before_id: 'x' }, 'before_id must be the numeric id of a post'],
      [{ before_id: 99999 }, 'before_id must be the id of a post you can read'],
    ] as const) {
      expectLegacyError(await instance.call('GET', '/content/blurbs/global', { params }), 400, text);
    }
  });
});
