import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DRAFT_LIMITS,
  newDraft,
  type DraftsAnswer,
  type KeptDraft,
  type SavedDraftAnswer,
} from '../../../src-shared/api/draft';
import { ErrorText } from '../../../src-shared/api/errors';
import { BACKENDS, startInstance, type TestInstance } from '../../support/instance';
import { addAccount, expectError, expectOk } from './helpers';

type Params = Record<string, string | number>;

describe.each(BACKENDS)('drafts kept by the instance (%s)', (backend) => {
  let instance: TestInstance;
  beforeEach(async () => {
    instance = await startInstance(backend);
  });
  afterEach(async () => {
    await instance.close();
  });

  const list = async (since?: number, token?: string) => {
    const result = await instance.call('GET', '/api/drafts', {
      ...(since === undefined ? {} : { params: { since } }),
      ...(token ? { token } : {}),
    });
    expectOk(result);
    return result.json.data as DraftsAnswer;
  };
  const save = (params: Params, options: { token?: string; form?: boolean } = {}) =>
    instance.call('POST', '/api/drafts', { params, ...options });
  const saved = async (params: Params) => {
    const result = await save(params);
    expectOk(result);
    return result.json.data as SavedDraftAnswer;
  };
  const remove = (id: string, version?: number) =>
    instance.call('DELETE', `/api/drafts/${id}`, version === undefined ? {} : { params: { version } });
  const draft = (id: string, text: string, updatedAt: number, more: Params = {}): Params => ({
    id,
    type: 'post.note',
    privacy: 'visibility.public',
    text,
    updatedAt,
    ...more,
  });

  it('keeps every field a composer has, raises the version at each save, and lists newest change first', async () => {
    const article = {
      ...draft('article-1', 'It begins **here**.', 2_000, { type: 'post.article', privacy: 'visibility.private' }),
      personaGuid: instance.personaGuid,
      channelGuid: instance.channelGuid,
      title: 'Half an article',
      tags: 'one, two',
      sourceUrl: 'https://example.org/a',
      sourceTitle: 'A source',
      publishAt: '2026-12-01T09:30',
      expiresAt: '2027-01-01T00:00',
      place: 'The harbour',
      latitude: '53.55',
      longitude: '9.99',
      altitude: '4',
      canonicalPath: '/articles/half',
      slug: 'half',
      replyTo: 'c4b3a2d1-0000-4000-8000-000000000001',
      editing: 'c4b3a2d1-0000-4000-8000-000000000002',
      version: 0,
    };
    const first = await saved(article);
    expect(first.copy).toBeNull();
    const { version: _v, ...fields } = article;
    expect(first.draft).toEqual({
      ...fields,
      copyOf: null,
      alsoAs: [],
      editCopies: false,
      version: 1,
      saved_unix: expect.any(Number),
    });
    // A form body says the same as JSON; what it leaves out is blank.
    const note = await instance.call('POST', '/api/drafts', {
      params: draft('note-1', 'A note', 1_000, { version: 0 }),
      form: true,
    });
    expectOk(note);
    expect((note.json.data as SavedDraftAnswer).draft).toMatchObject({ title: '', personaGuid: null, version: 1 });

    const next = await saved({ ...article, text: 'It begins **here**, and goes on.', updatedAt: 3_000, version: 1 });
    expect(next.draft.version).toBe(2);
    const all = await list();
    expect(all.drafts.map((d) => [d.id, d.version, d.text])).toEqual([
      ['article-1', 2, 'It begins **here**, and goes on.'],
      ['note-1', 1, 'A note'],
    ]);
    expect(all.removed).toEqual([]);
    // Only what changed after a cursor, removals too.
    const cursor = all.cursor;
    expect((await list(cursor)).drafts).toEqual([]);
    expectOk(await remove('note-1', 1));
    const after = await list(cursor);
    expect(after.drafts).toEqual([]);
    expect(after.removed).toEqual([{ id: 'note-1', version: 2 }]);
    expect(after.cursor).toBeGreaterThan(cursor);
    expect((await list()).drafts.map((d) => d.id)).toEqual(['article-1']);
  });

  it('keeps both texts when two desks change a draft apart: the later keeps it, the other is a copy', async () => {
    await saved({ ...draft('d', 'As first written', 1_000), version: 0 });
    // Desk A changes it from version 1.
    const a = await saved({ ...draft('d', 'Changed on desk A', 2_000), version: 1, writer: 'desk-a' });
    expect(a.draft.version).toBe(2);
    // Desk B changed it from version 1 too, later: its change keeps the draft; A's is kept as a copy.
    const b = await saved({ ...draft('d', 'Changed on desk B', 3_000), version: 1, writer: 'desk-b' });
    expect(b.draft).toMatchObject({ id: 'd', text: 'Changed on desk B', version: 3 });
    expect(b.copy).toMatchObject({ text: 'Changed on desk A', copyOf: 'd', version: 1 });
    // A change made apart but earlier is the copy, and the draft stays as it is.
    const c = await saved({ ...draft('d', 'An old change from desk C', 1_500), version: 2, writer: 'desk-c' });
    expect(c.draft).toMatchObject({ text: 'Changed on desk B', version: 3 });
    expect(c.copy).toMatchObject({ text: 'An old change from desk C', copyOf: 'd' });
    // Clients that name no writer are never taken for one another.
    const d = await saved({ ...draft('d', 'From a client without a writer', 4_000), version: 2 });
    expect(d.copy).toMatchObject({ text: 'Changed on desk B', copyOf: 'd' });
    const texts = (await list()).drafts.map((k: KeptDraft) => k.text).sort();
    expect(texts).toEqual([
      'An old change from desk C',
      'Changed on desk A',
      'Changed on desk B',
      'From a client without a writer',
    ]);
  });

  it('takes saves that follow one another from one writer, or that say the same, as no conflict', async () => {
    await saved({ ...draft('d', 'One', 1_000), version: 0, writer: 'page-1' });
    // The answer to this save was lost: the page sends its next change from version 1 again.
    await saved({ ...draft('d', 'One two', 2_000), version: 1, writer: 'page-1' });
    const next = await saved({ ...draft('d', 'One two three', 3_000), version: 1, writer: 'page-1' });
    expect(next).toMatchObject({ draft: { text: 'One two three', version: 3 }, copy: null });
    const same = await saved({ ...draft('d', 'One two three', 3_500), version: 1, writer: 'page-2' });
    expect(same.copy).toBeNull();
    expect((await list()).drafts).toHaveLength(1);
  });

  it('removes only the version named, and brings a removed draft back when it is saved again', async () => {
    await saved({ ...draft('d', 'Text', 1_000), version: 0 });
    await saved({ ...draft('d', 'Text changed elsewhere', 2_000), version: 1 });
    expectError(await remove('d', 1), 409, ErrorText.draftChanged);
    expect((await list()).drafts).toHaveLength(1);
    const removed = await remove('d', 2);
    expectOk(removed);
    expect(removed.json.data).toEqual({ id: 'd', version: 3, removed: true });
    // Removing again, or a draft never kept, is done already.
    expect((await remove('d')).json.data).toEqual({ id: 'd', version: 3, removed: false });
    expect((await remove('never')).json.data).toEqual({ id: 'never', version: 0, removed: false });
    // Its words are not kept once removed.
    const row = await instance.db.drafts.get([instance.accountGuid, 'd']);
    expect(row).toMatchObject({ gone: 1, text: '' });
    // A desk that typed in it after it was removed there keeps its text.
    const back = await saved({ ...draft('d', 'Typed offline meanwhile', 3_000), version: 2 });
    expect(back).toMatchObject({ draft: { text: 'Typed offline meanwhile', version: 4 }, copy: null });
  });

  it('refuses what a draft cannot be, in the envelope, and keeps what is stored', async () => {
    await saved({ ...draft('d', 'Kept as it is', 1_000), version: 0 });
    const refused = async (params: Params, code: number, text: string | RegExp) => {
      const result = await save(params);
      expect(result.status, JSON.stringify(result.json)).toBe(code);
      expect(result.json.meta.text).toMatch(text);
      expect(result.json.data).toBe(false);
    };
    await refused({ ...draft('d', 'x', 2_000), version: 9 }, 400, ErrorText.draftVersionAhead);
    await refused(
      { ...draft('d', 'x', 2_000), version: 1, type: 'post.spam' },
      400,
      /^type must be one of post\.article/,
    );
    await refused({ ...draft('bad id!', 'x', 2_000), version: 0 }, 400, /^id must be 1 to 64 letters/);
    await refused({ ...draft('d', 'x', -1), version: 1 }, 400, /^updatedAt must be a whole number/);
    await refused({ ...draft('d', 'x', 2_000), version: 1, personaGuid: 'nobody' }, 400, ErrorText.invalidPersona);
    await refused({ ...draft('d', 'x', 2_000), version: 1, channelGuid: 'nowhere' }, 400, ErrorText.invalidChannel);
    const other = await addAccount(instance);
    await refused(
      { ...draft('d', 'x', 2_000), version: 1, personaGuid: other.personaGuid },
      400,
      ErrorText.invalidPersona,
    );
    await refused(
      { ...draft('d', 'x'.repeat(DRAFT_LIMITS.textChars + 1), 2_000), version: 1 },
      413,
      new RegExp(`^${ErrorText.draftTooLarge}: `),
    );
    await refused({ ...draft('d', 'x', 2_000), version: 1, title: 't'.repeat(513) }, 413, ErrorText.draftTooLarge);
    expect((await list()).drafts.map((d) => [d.text, d.version])).toEqual([['Kept as it is', 1]]);
    // Without a token: nothing is read or written.
    const stranger = await instance.call('GET', '/api/drafts', { token: null });
    expect(stranger.status).toBe(403);
    expect((await instance.call('POST', '/api/drafts', { params: draft('s', 'x', 1), token: null })).status).toBe(403);
  });

  it('keeps each account’s drafts to itself', async () => {
    const other = await addAccount(instance);
    await saved({ ...draft('mine', 'The owner’s', 1_000), version: 0 });
    const theirs = await save(
      { ...draft('mine', 'Theirs, by the same id', 2_000), version: 0 },
      { token: other.token },
    );
    expectOk(theirs);
    expect((await list()).drafts.map((d) => d.text)).toEqual(['The owner’s']);
    expect((await list(undefined, other.token)).drafts.map((d) => d.text)).toEqual(['Theirs, by the same id']);
    expect((await instance.call('DELETE', '/api/drafts/mine', { token: other.token })).json.data).toMatchObject({
      removed: true,
    });
    expect((await list()).drafts.map((d) => d.text)).toEqual(['The owner’s']);
  });

  it(`keeps at most ${DRAFT_LIMITS.count} drafts, and remembers the newest ${DRAFT_LIMITS.removedKept} removals`, async () => {
    const rows = Array.from({ length: DRAFT_LIMITS.count }, (_, i) => newDraft(`d${i}`, i + 1, { text: `Draft ${i}` }));
    const { keepImportedDrafts } = await import('../../../src-shared/store/drafts');
    await keepImportedDrafts(instance.db, instance.accountGuid, rows, 1);
    expectError(await save({ ...draft('one-more', 'x', 1), version: 0 }), 409, ErrorText.tooManyDrafts);
    // An existing one is still saved.
    expectOk(await save({ ...draft('d0', 'Changed', 5_000), version: 1 }));
    for (let i = 1; i <= 3; i++) expectOk(await remove(`d${i}`));
    expectOk(await save({ ...draft('one-more', 'x', 1), version: 0 }));
    expect((await list()).drafts).toHaveLength(DRAFT_LIMITS.count - 2);
  });

  it('names the extension in /api/about, and tells the event stream of each change', async () => {
    const about = await instance.call('GET', '/api/about', { token: null });
    expect(about.json.data.extensions).toContain('drafts');
    expect(about.json.data.extensions).not.toContain('restored_drafts');
    expect((await instance.call('GET', '/api/account/restored-drafts')).status).toBe(404);
  });
});

describe.each(BACKENDS)('publishing a draft (%s)', (backend) => {
  let instance: TestInstance;
  beforeEach(async () => {
    instance = await startInstance(backend);
  });
  afterEach(async () => {
    await instance.close();
  });

  const keep = async (id: string, text: string) => {
    const saved = await instance.call('POST', '/api/drafts', {
      params: { id, type: 'post.note', privacy: 'visibility.public', text, updatedAt: 1_000, version: 0 },
    });
    expectOk(saved);
  };
  const publish = (id: string, params: Record<string, string | number>) =>
    instance.call('POST', `/api/drafts/${id}/publish`, { params: { post_type: 'post.note', ...params } });
  const second = async () => {
    const made = await instance.call('POST', '/api/account/personas', { params: { handle: 'work', name: 'At Work' } });
    expectOk(made);
    return made.json.data.guid as string;
  };
  const texts = async () =>
    ((await instance.call('GET', '/api/posts/global')).json.data as { text: string; persona: { guid: string } }[]).map(
      (p) => [p.text, p.persona.guid],
    );

  it('makes one post for each destination and removes the draft, in one step', async () => {
    await keep('d', 'Said as both');
    const work = await second();
    const published = await publish('d', {
      content: 'Said as both',
      destinations: `${instance.personaGuid}:${instance.channelGuid},${work}`,
      version: 1,
    });
    expectOk(published);
    const posts = published.json.data as { guid: string; persona: { guid: string } }[];
    expect(posts.map((p) => p.persona.guid)).toEqual([instance.personaGuid, work]);
    expect(new Set(posts.map((p) => p.guid)).size).toBe(2);
    expect((await texts()).sort()).toEqual(
      [
        ['Said as both', instance.personaGuid],
        ['Said as both', work],
      ].sort(),
    );
    expect(((await instance.call('GET', '/api/drafts')).json.data as DraftsAnswer).drafts).toEqual([]);
    // Each copy names the others, itself among them, in the order published; a copy deleted is left out.
    const copiesOf = async (guid: string) =>
      ((await instance.call('GET', `/api/posts/${guid}/copies`)).json.data as { guid: string }[]).map((p) => p.guid);
    const [mine, theirs] = posts.map((p) => p.guid);
    expect(await copiesOf(theirs ?? '')).toEqual([mine, theirs]);
    expect(await copiesOf(mine ?? '')).toEqual([mine, theirs]);
    expectOk(await instance.call('DELETE', `/api/posts/${theirs ?? ''}`));
    expect(await copiesOf(mine ?? '')).toEqual([mine]);
    // A post published alone has none; a stranger reads none.
    const alone = await publish('alone', { content: 'Said once' });
    expect(await copiesOf((alone.json.data as { guid: string }[])[0]?.guid ?? '')).toEqual([]);
    expect((await instance.call('GET', `/api/posts/${mine ?? ''}/copies`, { token: null })).status).toBe(403);
  });

  it('publishes a draft the instance never kept (typed offline), as the Persona the variables name', async () => {
    const published = await publish('never-kept', { content: 'Typed on a train' });
    expectOk(published);
    expect(await texts()).toEqual([['Typed on a train', instance.personaGuid]]);
  });

  it('stores nothing when one destination is refused, or the draft changed since', async () => {
    await keep('d', 'First words');
    const other = await addAccount(instance);
    const refused = await publish('d', {
      content: 'First words',
      destinations: `${instance.personaGuid},${other.personaGuid}`,
    });
    expectError(refused, 400, ErrorText.invalidPersona);
    // Changed on another desk after the page read version 1.
    const changed = await instance.call('POST', '/api/drafts', {
      params: { id: 'd', type: 'post.note', privacy: 'visibility.public', text: 'More', updatedAt: 2_000, version: 1 },
    });
    expectOk(changed);
    expectError(await publish('d', { content: 'First words', version: 1 }), 409, ErrorText.draftChanged);
    expect(await texts()).toEqual([]);
    expect(((await instance.call('GET', '/api/drafts')).json.data as DraftsAnswer).drafts.map((d) => d.text)).toEqual([
      'More',
    ]);
    const bad = await publish('d', {
      content: 'x',
      destinations: `${instance.personaGuid}:${instance.channelGuid},${instance.personaGuid}`,
    });
    expect(bad.status).toBe(400);
    expect(bad.json.meta.text).toBe('destinations must name each Persona once');
    const many = Array.from({ length: DRAFT_LIMITS.destinations + 1 }, () => instance.personaGuid).join(',');
    expect((await publish('d', { content: 'x', destinations: `${many},x` })).json.meta.text).toMatch(
      /^destinations must/,
    );
  });
});
